import { theme } from '../../styles/theme';
import { paintInterstitial, showRefusalInTab } from './browserTab';
import { readCancelledReturn, readReturnParameters } from './returnLanding';
import { paymentTexts } from './paymentTexts';

describe('the tab that waits for the checkout', () => {
  it('says what is happening in the store’s colours, announced politely', () => {
    const doc = document.implementation.createHTMLDocument('');
    paintInterstitial(doc);
    expect(doc.title).toBe(paymentTexts.interstitialTitle);
    expect(doc.documentElement.lang).toBe('en-AU');
    expect(doc.querySelector('h1')?.textContent).toBe(paymentTexts.interstitialHeading);
    expect(doc.querySelector('[role="status"]')?.textContent).toBe(paymentTexts.interstitialText);
    expect(doc.body.style.color).toBe('rgb(244, 236, 216)');
    expect(doc.body.style.fontFamily).toContain('system-ui');
    expect(doc.querySelector('h1')!.style.fontFamily).toContain('Cinzel');
    expect(theme.colors.text).toBe('#f4ecd8');
  });
});

describe('a refused order’s tab', () => {
  it('says nothing was charged, why, and offers to close itself', () => {
    const doc = document.implementation.createHTMLDocument('');
    const close = jest.fn();
    const tab = { closed: false, document: doc, close } as unknown as Window;
    showRefusalInTab(tab, 'The price of this pack has changed.');
    expect(doc.title).toBe(paymentTexts.refusedTabHeading);
    expect(doc.querySelector('h1')?.textContent).toBe(paymentTexts.refusedTabHeading);
    expect(doc.querySelector('[role="status"]')?.textContent).toBe("Nothing was charged: return to the store's tab.");
    expect(doc.body.textContent).toContain('The price of this pack has changed.');
    doc.querySelector('button')!.click();
    expect(close).toHaveBeenCalled();
  });

  it('closes a tab it cannot write to, so none is left blank', () => {
    const close = jest.fn();
    const tab = {
      closed: false,
      get document(): Document {
        throw new DOMException('Blocked', 'SecurityError');
      },
      close,
    } as unknown as Window;
    showRefusalInTab(tab, 'No.');
    expect(close).toHaveBeenCalled();
  });
});

describe('landings from the provider', () => {
  it('reads a return only with a status and an order, and a cancel only with a valid order and pack', () => {
    expect(readReturnParameters('?status=paid&out_trade_no=WCABCDEF1234567890')).toEqual({ status: 'paid', out_trade_no: 'WCABCDEF1234567890' });
    expect(readReturnParameters('?status=paid')).toBeNull();
    expect(readCancelledReturn('?item=3&cancelled=WCABCDEF1234567890')).toEqual({ orderId: 'WCABCDEF1234567890', packId: 3 });
    expect(readCancelledReturn('?item=3&cancelled=nope')).toBeNull();
  });
});
