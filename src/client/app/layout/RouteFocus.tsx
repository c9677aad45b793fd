import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After each move to another page: scroll to the top and put focus on <main>, so keyboard and
 * screen-reader users start at the new page rather than in the old nav link.
 */
export function useRouteFocus(focusTarget: React.RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo({ top: 0 });
    focusTarget.current?.focus({ preventScroll: true });
  }, [pathname, focusTarget]);
}
