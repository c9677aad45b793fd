import { useEffect, useRef, type RefObject } from 'react';

/**
 * Moves focus to the element when `condition` turns true, not when it starts true: a view that comes back
 * (the form after Start over, an order's status after Check again) puts keyboard and screen-reader users at
 * its heading or message, rather than on <body> where a removed or disabled button left them. `target`: an
 * element another hook already holds (one focused on mount, too).
 */
export function useFocusWhen<T extends HTMLElement>(condition: boolean, target?: RefObject<T | null>) {
  const own = useRef<T>(null);
  const ref = target ?? own;
  const previous = useRef(condition);
  useEffect(() => {
    if (condition && !previous.current) ref.current?.focus();
    previous.current = condition;
  }, [condition, ref]);
  return ref;
}
