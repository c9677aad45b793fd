import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React hydrates a prerendered page (and on the build-time renderer), true from then on and in
 * any page rendered in the browser alone. What only the browser knows (who is signed in, from
 * localStorage) waits for it, so the first render matches the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
