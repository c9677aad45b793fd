/**
 * The checkout opens in a new tab. The tab is opened blank while the click is still being handled (pop-up
 * blockers allow that), then pointed at the checkout once the API has answered.
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

export function closeTab(tab: Window | null): void {
  tab?.close();
}

/** The provider's redirect parameters when this page was opened by one (spec §4.5), else null. */
export function readReturnParameters(search: string = window.location.search): Record<string, string> | null {
  const parameters = Object.fromEntries(new URLSearchParams(search));
  return parameters.status && parameters.out_trade_no ? parameters : null;
}
