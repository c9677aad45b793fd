import { useEffect, useRef } from 'react';

/**
 * Moves focus to the element when it appears: each step of a flow puts keyboard and screen-reader users
 * at its heading or message (which needs tabIndex={-1}), not on a button that vanished.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
