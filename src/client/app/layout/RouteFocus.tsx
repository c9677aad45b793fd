import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After each move to another page or view (path or query: /shop?item=… is the payment screen, /shop the list):
 * scroll to the top and put focus on the new page's heading, so keyboard and screen-reader users start at
 * the new page rather than in the old nav link or on <body>. A page that already put focus on its own step
 * (a heading or message inside <main>) keeps it; a page without a heading gets <main>.
 */
export function useRouteFocus(focusTarget: React.RefObject<HTMLElement | null>): void {
  const { pathname, search } = useLocation();
  const address = pathname + search;
  const previous = useRef(address);
  useEffect(() => {
    if (previous.current === address) return;
    previous.current = address;
    window.scrollTo({ top: 0 });
    const main = focusTarget.current;
    if (!main) return;
    const focused = document.activeElement;
    if (focused && focused !== main && main.contains(focused)) return;
    const heading = main.querySelector<HTMLElement>('h1');
    // The heading is focused from script only: tabindex -1 keeps it out of the Tab order.
    if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    (heading ?? main).focus({ preventScroll: true });
  }, [address, focusTarget]);
}
