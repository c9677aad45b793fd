import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { currentPath } from '../../lib/navigation';

/**
 * The phone's folded menu: open on the page it was opened on, and closed by leaving that page, by signing in or
 * out, by a tap outside, by Escape (focus back on the button) and by tabbing out of the bar.
 *
 * Open is remembered as the address it was opened at, read from the app's history, not from the last render: a press that
 * lands while a navigation is still being rendered keeps the menu open on the page it was pressed on, instead of the
 * render that catches up closing it again.
 */
export function useFoldedMenu(signedIn: boolean) {
  const { pathname } = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === pathname;
  const button = useRef<HTMLButtonElement>(null);
  const bar = useRef<HTMLElement>(null);
  const close = () => setOpenedAt(null);

  // Once the render has caught up with the address, a menu opened on another page stays closed (coming back to that
  // page does not open it again).
  useEffect(() => {
    if (openedAt !== null && openedAt !== pathname && pathname === (currentPath() ?? pathname)) setOpenedAt(null);
  }, [openedAt, pathname]);
  useEffect(() => setOpenedAt(null), [signedIn]);
  // A tap or click outside the open menu closes it.
  useEffect(() => {
    if (!open) return undefined;
    const closeOutside = (event: PointerEvent) => {
      if (!bar.current?.contains(event.target as Node)) setOpenedAt(null);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  return {
    open,
    button,
    bar,
    close,
    toggle: () => (open ? close() : setOpenedAt(currentPath() ?? pathname)),
    closeOnEscape: (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !open) return;
      close();
      button.current?.focus();
    },
    // Tabbing on past the last link (or anywhere out of the bar) closes the open menu, as a tap outside does.
    closeOnFocusLeaving: (event: FocusEvent) => {
      if (open && !bar.current?.contains(event.relatedTarget as Node | null)) close();
    },
  };
}
