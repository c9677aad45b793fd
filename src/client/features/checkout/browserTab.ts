import { CANCELLED_ORDER_PARAM, ITEM_PARAM } from '../../../shared/routes';
import { ORDER_ID_PATTERN } from '../../../shared/paymentProtocol';
import { isPackIdText } from '../../../shared/catalogue';

/**
 * The checkout runs in a tab of its own, which this tab keeps a handle on to notice when it is closed.
 * The first one is opened blank while the click is still being handled (pop-up blockers allow that), then
 * pointed at the checkout once the API has answered.
 */
export function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  try {
    tab.document.title = 'Opening secure checkout…';
    tab.document.body.textContent = 'Opening the secure checkout…';
  } catch {
    // Some browsers keep the blank tab's document to themselves; the message is only a courtesy.
  }
  return tab;
}

/** Sends the tab to the checkout, cut off from this page. False when there was no tab. */
export function showCheckoutInTab(tab: Window | null, checkoutUrl: string): boolean {
  if (!tab || tab.closed) return false;
  tab.opener = null;
  tab.location.href = checkoutUrl;
  return true;
}

/** Opens the checkout again (Reopen checkout), inside the click; null when the browser blocked it. */
export function openCheckoutTab(checkoutUrl: string): Window | null {
  const tab = window.open('', '_blank');
  return showCheckoutInTab(tab, checkoutUrl) ? tab : null;
}

export function isTabClosed(tab: Window): boolean {
  return tab.closed;
}

export function focusTab(tab: Window): void {
  tab.focus();
}

export function closeTab(tab: Window | null): void {
  tab?.close();
}

/** The provider's redirect parameters when this page was opened by one (spec §4.5), else null. */
export function readReturnParameters(search: string = window.location.search): Record<string, string> | null {
  const parameters = Object.fromEntries(new URLSearchParams(search));
  return parameters.status && parameters.out_trade_no ? parameters : null;
}

/** The order and pack of the provider's cancel link (/shop?item=3&cancelled=WC…), else null. */
export function readCancelledReturn(search: string = window.location.search): { orderId: string; packId: number } | null {
  const parameters = new URLSearchParams(search);
  const orderId = parameters.get(CANCELLED_ORDER_PARAM) ?? '';
  const item = parameters.get(ITEM_PARAM) ?? '';
  return ORDER_ID_PATTERN.test(orderId) && isPackIdText(item) ? { orderId, packId: Number(item) } : null;
}
