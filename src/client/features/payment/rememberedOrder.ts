/**
 * The order the checkout screen of this tab shows, kept in this tab's session storage, so a reload (or a
 * browser bringing a discarded tab back) shows that order again instead of a blank form. Only a reloaded page
 * reads it: a checkout tab starts with a copy of its opener's session storage, and must not take the order over.
 */
export interface RememberedOrder {
  packId: number;
  orderId: string;
  checkoutUrl: string;
}

const KEY = 'checkout-active-order';

export function rememberActiveOrder(order: RememberedOrder | null): void {
  try {
    if (order) sessionStorage.setItem(KEY, JSON.stringify(order));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage full or refused: a reload shows the form, and the order is still on the orders page.
  }
}

export function readRememberedOrder(): RememberedOrder | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { packId, orderId, checkoutUrl } = stored as Record<string, unknown>;
    return typeof packId === 'number' && typeof orderId === 'string' && typeof checkoutUrl === 'string' ? { packId, orderId, checkoutUrl } : null;
  } catch {
    return null;
  }
}

/** This tab's checkout showed an order: the shop loads the checkout with its first render, to show it again. */
export const hasRememberedOrder = (): boolean => readRememberedOrder() !== null;

/** This document was reloaded, or brought back after the browser discarded its tab. */
export function isReloadedPage(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'reload' || (document as Document & { wasDiscarded?: boolean }).wasDiscarded === true;
}
