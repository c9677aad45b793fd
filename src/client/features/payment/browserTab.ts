import { theme } from '../../styles/theme';
import { paymentTexts } from './paymentTexts';

/**
 * The checkout runs in a tab of its own, which this tab keeps a handle on to notice when it is closed.
 * The first one is opened blank while the click is still being handled (pop-up blockers allow that), then
 * pointed at the checkout once the API has answered.
 */
export function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  try {
    paintInterstitial(tab.document);
  } catch {
    // Some browsers keep the blank tab's document to themselves; the message is only a courtesy.
  }
  return tab;
}

/** What the store writes into its own blank tab: a title, a heading, what happens, and perhaps why and a way out. */
interface TabNotice {
  title: string;
  heading: string;
  text: string;
  /** The store's words for why (a refusal's message), under the text. */
  detail?: string;
  /** A button that closes the tab, by this page's handle on it (the store opened it, so the browser lets it). */
  close?: { label: string; tab: Window };
}

/**
 * What the blank tab says until the checkout arrives, in the store's colours (inline styles: the tab has no
 * style sheet of its own, and shares this page's Content-Security-Policy, which allows them).
 */
export function paintInterstitial(doc: Document): void {
  paintNotice(doc, { title: paymentTexts.interstitialTitle, heading: paymentTexts.interstitialHeading, text: paymentTexts.interstitialText });
}

/**
 * The store refused the order before any checkout (a new price, a limit, buying paused): the tab that waited for it
 * says so, never blank, and that nothing was charged; the store's own tab shows the refusal with the details kept.
 */
export function showRefusalInTab(tab: Window | null, message: string): void {
  if (!tab || tab.closed) return;
  try {
    paintNotice(tab.document, {
      title: paymentTexts.refusedTabHeading,
      heading: paymentTexts.refusedTabHeading,
      text: paymentTexts.refusedTabText,
      detail: message,
      close: { label: paymentTexts.closeThisTab, tab },
    });
  } catch {
    // A tab whose document the browser keeps to itself cannot be written: closed, it leaves nothing blank.
    tab.close();
  }
}

function paintNotice(doc: Document, notice: TabNotice): void {
  const { colors, fonts, radius } = theme;
  doc.title = notice.title;
  doc.documentElement.lang = 'en-AU';
  Object.assign(doc.documentElement.style, { colorScheme: 'dark', background: colors.night });
  Object.assign(doc.body.style, {
    margin: '0',
    minHeight: '100vh',
    display: 'grid',
    placeItems: 'center',
    padding: '24px',
    boxSizing: 'border-box',
    fontFamily: fonts.body,
    lineHeight: '1.6',
    color: colors.text,
    background: `radial-gradient(ellipse at 50% 0%, rgba(233, 185, 73, 0.12), transparent 60%), ${colors.night}`,
  });
  const card = doc.createElement('main');
  Object.assign(card.style, {
    maxWidth: '28rem',
    padding: '28px',
    borderRadius: radius.large,
    border: `1px solid ${colors.border}`,
    background: colors.surface,
    textAlign: 'center',
  });
  const heading = doc.createElement('h1');
  heading.textContent = notice.heading;
  Object.assign(heading.style, { margin: '0 0 12px', fontFamily: fonts.heading, fontSize: '1.5rem', color: colors.goldBright });
  const note = doc.createElement('p');
  note.setAttribute('role', 'status');
  note.textContent = notice.text;
  Object.assign(note.style, { margin: '0', color: colors.textMuted });
  card.append(heading, note);
  if (notice.detail) {
    const detail = doc.createElement('p');
    detail.textContent = notice.detail;
    Object.assign(detail.style, { margin: '12px 0 0' });
    card.append(detail);
  }
  if (notice.close) {
    const close = doc.createElement('button');
    close.type = 'button';
    close.textContent = notice.close.label;
    Object.assign(close.style, {
      marginTop: '20px',
      minHeight: '44px',
      padding: '0.6em 1.4em',
      font: 'inherit',
      fontWeight: '700',
      color: colors.onGold,
      background: colors.goldBright,
      border: '0',
      borderRadius: radius.medium,
      cursor: 'pointer',
    });
    const { tab } = notice.close;
    close.addEventListener('click', () => tab.close());
    card.append(close);
  }
  doc.body.replaceChildren(card);
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

/** Closes this tab, when the browser allows it (a tab the store opened); otherwise nothing happens. */
export function closeThisTab(): void {
  window.close();
}

/** Closes a tab this page opened (the browser lets it); nothing for none. */
export function closeTab(tab: Window | null): void {
  tab?.close();
}
