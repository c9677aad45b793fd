import { testSaga } from 'redux-saga-test-plan';
import { findPack } from '../../../shared/catalogue';
import { STARTING_PACKS } from '../../../shared/startingCatalogue';
import { selectShelfPack } from '../shop';
import { samplePaymentDetails } from '../../../../test/fixtures/samples';
import { ApiError, apiMessages } from '../../lib/apiClient';
import { closeTab, openBlankTab, showCheckoutInTab, showRefusalInTab } from './browserTab';
import { answerOf, sendStartPayment, type StartUnderWay } from './paymentsApi';
import { navigate } from '../../lib/navigation';
import { newOrderChosen, opening, orderAdopted, orderCreated, reopenRequested, resumeChosen, secondOrderAsked, startFailed, startWithdrawn, submitted, tabOpened, type OpenOrderQuestion } from './paymentSlice';
import { openOrdersLoaded } from './openOrdersSlice';
import { selectOpenOrdersSeen, selectOrderToAskAbout } from './paymentSelectors';
import { followOrderSaga } from './followOrder';
import { askAboutOpenOrderSaga, makePaymentSaga } from './makePaymentSaga';
import { saveDetails } from './savedDetails';
import { promoCodeRefused, promoCodeRemoved } from '../offers';
import { selectKnownRefusal } from '../protections';
import { ledgerMoved } from '../../wiring/ledgerActions';

/**
 * The make-payment flow's exact steps, in order (redux-saga-test-plan's testSaga), on its main paths. The
 * request is sent, then the tab opens, inside the click (a browser allows a new tab only there), then the answer is awaited.
 */
const action = submitted({ packId: 3, details: samplePaymentDetails });
const { paymentId } = action.payload;
const tab = { name: 'checkout tab' } as unknown as Window;
const PACK_3 = findPack(STARTING_PACKS, 3)!;
const PACK_3_PRICE = PACK_3.priceCents;
/** The start as the saga holds it while the tab opens (its answer is the test's to give). */
const underWay = { answer: new Promise(() => undefined) } as StartUnderWay;
const started = { orderId: 'WCSTEPS0000000001', checkoutUrl: 'http://127.0.0.1:3100/checkout/abc', gives: { gemCount: 1000, bonusGems: 0, offerTitle: null } };

/** An unpaid order of pack 2 the server knows of, started in another tab or on another device. */
const elsewhere = {
  orderId: 'WCELSEWHERE000001',
  packId: 2,
  checkoutUrl: 'http://127.0.0.1:3100/checkout/elsewhere',
  paymentId: null,
  gives: { gemCount: 500, bonusGems: 0, offerTitle: null },
} satisfies OpenOrderQuestion;

/** The steps every payment takes up to the check of what the store already knows it would refuse. */
const upToTheKnownRefusal = (submit = action) =>
  testSaga(makePaymentSaga, submit)
    .next()
    .call(saveDetails, 3, samplePaymentDetails)
    .next()
    .select(selectOrderToAskAbout)
    .next(null)
    .select(selectShelfPack, 3)
    .next(PACK_3)
    .select(selectKnownRefusal, PACK_3_PRICE);

/** The steps every payment takes up to the request (of `submit`, the Submit above unless given). */
const upToTheRequest = (openedTab: Window | null, submit = action) => {
  const { promoCode, rememberDetails } = submit.payload;
  return upToTheKnownRefusal(submit)
    .next(null)
    .select(selectOpenOrdersSeen)
    .next([])
    .call(sendStartPayment, {
      packId: 3,
      ...samplePaymentDetails,
      openOrdersSeen: [],
      priceCents: PACK_3_PRICE,
      ...(promoCode ? { promoCode } : {}),
      ...(rememberDetails !== undefined ? { rememberDetails } : {}),
    })
    .next(underWay)
    .call(openBlankTab)
    .next(openedTab)
    .put(opening({ paymentId: submit.payload.paymentId, packId: 3 }))
    .next()
    .call(answerOf, underWay);
};

describe('makePaymentSaga, step by step', () => {
  it('asks the server to remember (or forget) the details with the payment, as the form’s box says', () => {
    for (const rememberDetails of [true, false]) upToTheRequest(tab, submitted({ packId: 3, details: samplePaymentDetails, rememberDetails }));
  });

  it('success: the blank tab first, then the request, the checkout in the tab, and the order followed', () => {
    upToTheRequest(tab)
      .next(started)
      .call(showCheckoutInTab, tab, started.checkoutUrl)
      .next(true)
      .put(orderCreated({ paymentId, ...started, tabBlocked: false }))
      .next()
      .put(ledgerMoved())
      .next()
      .put(tabOpened({ paymentId }))
      .next()
      .spawn(followOrderSaga, paymentId, started.orderId, started.checkoutUrl, tab)
      .next()
      .isDone();
  });

  it.each([
    ['the provider refuses', new ApiError('refused', 'The payment service could not start this payment (INVALID_AMOUNT).', 502)],
    ['the API is down', new ApiError('unreachable', apiMessages.unreachable)],
    ['the token has expired', new ApiError('signIn', 'Your session has expired. Please sign in again.', 401)],
  ])('%s: the waiting tab says nothing was charged, and the failure in words', (_case, error) => {
    upToTheRequest(tab)
      .throw(error)
      .call(showRefusalInTab, tab, error.message)
      .next()
      .put(startFailed({ paymentId, message: error.message, failure: error.failure }))
      .next()
      .isDone();
  });

  it('a promo code applied before Submit goes with the request, and is cleared once its order is made', () => {
    const withCode = submitted({ packId: 3, details: samplePaymentDetails, promoCode: 'DRAGON500' });
    const id = withCode.payload.paymentId;
    upToTheRequest(tab, withCode)
      .next(started)
      .call(showCheckoutInTab, tab, started.checkoutUrl)
      .next(true)
      .put(orderCreated({ paymentId: id, ...started, tabBlocked: false }))
      .next()
      .put(ledgerMoved())
      .next()
      .put(promoCodeRemoved())
      .next()
      .put(tabOpened({ paymentId: id }))
      .next()
      .spawn(followOrderSaga, id, started.orderId, started.checkoutUrl, tab)
      .next()
      .isDone();
  });

  it('a promo code refused when the order is made (used up meanwhile) is said under its field too', () => {
    const withCode = submitted({ packId: 3, details: samplePaymentDetails, promoCode: 'DRAGON500' });
    const refusal = new ApiError('refused', 'That promo code has been used up.', 422, null, 'promoCode');
    upToTheRequest(tab, withCode)
      .throw(refusal)
      .call(showRefusalInTab, tab, refusal.message)
      .next()
      .put(promoCodeRefused({ packId: 3, message: refusal.message }))
      .next()
      .put(startFailed({ paymentId: withCode.payload.paymentId, message: refusal.message, failure: 'refused', reason: 'promoCode' }))
      .next()
      .isDone();
  });

  it('the pop-up is blocked: the order still starts, marked blocked, and is followed without a tab', () => {
    upToTheRequest(null)
      .next(started)
      .call(showCheckoutInTab, null, started.checkoutUrl)
      .next(false)
      .put(orderCreated({ paymentId, ...started, tabBlocked: true }))
      .next()
      .put(ledgerMoved())
      .next()
      .spawn(followOrderSaga, paymentId, started.orderId, started.checkoutUrl, null)
      .next()
      .isDone();
  });

  it('an order over the limit as last read: refused at once, with no tab and no request', () => {
    const overLimit = 'This order would pass your monthly spending limit: A$40.00 left this month. Choose a smaller pack, or wait until next month.';
    upToTheKnownRefusal()
      .next(overLimit)
      .put(opening({ paymentId, packId: 3 }))
      .next()
      .put(startFailed({ paymentId, message: overLimit, failure: 'refused', reason: 'spendingLimit' }))
      .next()
      .isDone();
  });

  it('an open order started elsewhere: the question first, and no tab and no request when the player resumes it', () => {
    testSaga(makePaymentSaga, action)
      .next()
      .call(saveDetails, 3, samplePaymentDetails)
      .next()
      .select(selectOrderToAskAbout)
      .next(elsewhere)
      .call(askAboutOpenOrderSaga, elsewhere, 3)
      .next(true)
      .isDone();
  });

  it('the server knows an open order this tab did not: the waiting tab closes, the question is asked here, then this Submit again', () => {
    const refusal = new ApiError('refused', 'You have an unpaid order open, WCELSEWHERE000001. Resume it, or start a new one.', 409, [
      { orderId: elsewhere.orderId, packId: 2, createdAt: 1, checkoutUrl: elsewhere.checkoutUrl, gives: elsewhere.gives },
    ]);
    upToTheRequest(tab)
      .throw(refusal)
      .put(openOrdersLoaded(refusal.openOrders!))
      .next()
      .select(selectOrderToAskAbout)
      .next(elsewhere)
      .call(closeTab, tab)
      .next()
      .put(startWithdrawn({ paymentId }))
      .next()
      .call(askAboutOpenOrderSaga, elsewhere, 3)
      .next(false)
      .select(selectShelfPack, 3)
      .next(PACK_3)
      .select(selectKnownRefusal, PACK_3_PRICE)
      .next(null)
      .select(selectOpenOrdersSeen)
      .next([elsewhere.orderId])
      .call(sendStartPayment, { packId: 3, ...samplePaymentDetails, openOrdersSeen: [elsewhere.orderId], priceCents: PACK_3_PRICE })
      .next(underWay)
      .call(openBlankTab)
      .next(tab)
      .put(opening({ paymentId, packId: 3 }))
      .next()
      .call(answerOf, underWay)
      .next(started)
      .call(showCheckoutInTab, tab, started.checkoutUrl);
  });
});

/** The question about an open order, asked while buying pack 3, up to the player's answer. */
const askedAbout = (order: OpenOrderQuestion) =>
  testSaga(askAboutOpenOrderSaga, order, 3)
    .next()
    .put(secondOrderAsked(order))
    .next()
    .take([resumeChosen.type, newOrderChosen.type]);

describe('askAboutOpenOrderSaga, step by step', () => {
  it('resume an order started elsewhere: its pack shown, the order joins this tab, is followed, and its checkout reopens', () => {
    askedAbout(elsewhere)
      .next(resumeChosen())
      .select(selectShelfPack, 2)
      .next(STARTING_PACKS[1])
      .call(navigate, '/shop?item=2')
      .next()
      .put(orderAdopted({ paymentId: elsewhere.orderId, orderId: elsewhere.orderId, packId: 2, checkoutUrl: elsewhere.checkoutUrl, gives: elsewhere.gives }))
      .next()
      .spawn(followOrderSaga, elsewhere.orderId, elsewhere.orderId, elsewhere.checkoutUrl, null)
      .next()
      .put(reopenRequested({ paymentId: elsewhere.orderId }))
      .next()
      .returns(true);
  });

  it('resume an order of a pack since taken off the shelf: it is followed from the orders page, and its checkout reopens', () => {
    askedAbout(elsewhere)
      .next(resumeChosen())
      .select(selectShelfPack, 2)
      .next(undefined)
      .call(navigate, '/account/orders')
      .next()
      .put(orderAdopted({ paymentId: elsewhere.orderId, orderId: elsewhere.orderId, packId: 2, checkoutUrl: elsewhere.checkoutUrl, gives: elsewhere.gives }));
  });

  it('resume this tab’s own order of the same pack: its checkout reopens, nothing adopted', () => {
    const own = { ...elsewhere, packId: 3, paymentId: 'own-attempt' };
    askedAbout(own)
      .next(resumeChosen())
      .put(reopenRequested({ paymentId: 'own-attempt' }))
      .next()
      .returns(true);
  });

  it('start a new one: nothing else happens here', () => {
    askedAbout(elsewhere)
      .next(newOrderChosen())
      .returns(false);
  });
});
