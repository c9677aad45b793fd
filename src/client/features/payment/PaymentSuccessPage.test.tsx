import { act, screen } from '@testing-library/react';
import { paymentSuccessPath, ROUTES } from '../../../shared/routes';
import { renderApp, signedInState } from '../../testing/renderApp';
import { paymentTexts } from './paymentTexts';
import { orderReadingAction } from './confirmationSlice';
import { sampleOrder } from '../../../../test/fixtures/samples';
import { PAYID_WAITING } from '../../../shared/payMethod';

/**
 * The text of every heading the page mounts, in order from its first frame on: each view's heading takes focus
 * as it mounts, with the text it was mounted with (a removed heading is gone from the document by the time a
 * test could look for it).
 */
function headingsShown(): string[] {
  const shown: string[] = [];
  const focus = HTMLElement.prototype.focus;
  jest.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement, options) {
    if (this.tagName === 'H1') shown.push(this.textContent ?? '');
    focus.call(this, options);
  });
  return shown;
}

afterEach(() => jest.restoreAllMocks());

describe('the payment success page as it opens', () => {
  it('says it is confirming an order in its address from its first frame, never that there is none', async () => {
    const shown = headingsShown();
    const { actions } = await renderApp(paymentSuccessPath('WCABC1234567'), { state: signedInState });
    expect(await screen.findByRole('heading', { level: 1, name: paymentTexts.confirmingHeading })).toBeInTheDocument();
    expect(shown).not.toContain(paymentTexts.nothingHeading);
    expect(shown[0]).toBe(paymentTexts.confirmingHeading);
    expect(actions).toContainEqual({ type: 'paymentConfirmation/opened', payload: { orderId: 'WCABC1234567' } });
  });

  it('with no order, or one that is not an order id, says there is no payment to confirm', async () => {
    await renderApp(paymentSuccessPath('not-an-order'), { state: signedInState });
    expect(await screen.findByRole('heading', { level: 1, name: paymentTexts.nothingHeading })).toBeInTheDocument();
  });
});

describe('a PayID payment under way on the payment success page', () => {
  it('says the bank transfer is on its way with the order number and the orders page, never confirming or not paid, and turns to the paid card when it lands', async () => {
    const { store } = await renderApp(paymentSuccessPath('WCABCDEF1234567890'), { state: signedInState });
    act(() => {
      store.dispatch(orderReadingAction(sampleOrder({ payMethod: 'payid' }), 'return'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: paymentTexts.transferHeading })).toBeInTheDocument();
    expect(screen.getByText(PAYID_WAITING)).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('WCABCDEF1234567890');
    expect(screen.getByRole('link', { name: paymentTexts.transferOrders })).toHaveAttribute('href', ROUTES.orders);
    expect(screen.queryByText(paymentTexts.confirmingText)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: paymentTexts.tryAgainPack })).not.toBeInTheDocument();
    act(() => {
      store.dispatch(orderReadingAction(sampleOrder({ payMethod: 'payid', status: 'paid', credited: true, paidAt: Date.now() }), 'listener'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: paymentTexts.successHeading })).toBeInTheDocument();
  });
});

describe('the confirming spinner', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps its room from the first frame and turns only once the wait is long enough to notice', async () => {
    jest.useFakeTimers();
    await renderApp(paymentSuccessPath('WCABC1234567'), { state: signedInState });
    const spinner = await screen.findByTestId('confirming-spinner');
    expect(spinner).not.toHaveAttribute('data-shown');
    act(() => jest.advanceTimersByTime(599));
    expect(spinner).not.toHaveAttribute('data-shown');
    act(() => jest.advanceTimersByTime(1));
    expect(spinner).toHaveAttribute('data-shown');
  });
});
