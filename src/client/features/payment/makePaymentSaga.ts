import type { Action } from '@reduxjs/toolkit';
import { call, put, select, spawn, take } from 'redux-saga/effects';
import type { StartPaymentResponse } from '../../../shared/api';
import { ROUTES, shopItemPath } from '../../../shared/routes';
import { toApiError, type ApiError } from '../../lib/apiClient';
import { navigate } from '../../lib/navigation';
import { closeTab, openBlankTab, showCheckoutInTab, showRefusalInTab } from './browserTab';
import { answerOf, sendStartPayment, type StartUnderWay } from './paymentsApi';
import { newOrderChosen, opening, orderAdopted, orderCreated, reopenRequested, resumeChosen, secondOrderAsked, startFailed, startWithdrawn, submitted, tabOpened, type OpenOrderQuestion } from './paymentSlice';
import { openOrdersLoaded } from './openOrdersSlice';
import { selectOpenOrdersSeen, selectOrderToAskAbout } from './paymentSelectors';
import { followOrderSaga } from './followOrder';
import { saveDetails } from './savedDetails';
import { promoCodeRefused, promoCodeRemoved } from '../offers';
import { selectKnownRefusal } from '../protections';
import type { GemPack } from '../../../shared/catalogue';
import { selectShelfPack, shelfStale } from '../shop';
import { ledgerMoved } from '../../wiring/ledgerActions';

/**
 * Submit: keeps the details for this tab, asks first when an order is still waiting for payment (this tab's,
 * or one the server knows of from another tab or device), refuses at once an order the store knows the server
 * would refuse, then sends the payment's start and opens a tab at once (still inside the click) that says the
 * checkout is opening, and shows its checkout there, or, refused, that nothing was charged. The request names the open orders the player was
 * asked about; the server refuses it for any other, and the question comes then instead.
 */
export function* makePaymentSaga(action: ReturnType<typeof submitted>) {
  const { paymentId, packId, details, promoCode, creatorCode, gift, rememberDetails, rememberedGeneration } = action.payload;
  yield call(saveDetails, packId, details);
  let openOrder: OpenOrderQuestion | null = yield select(selectOrderToAskAbout);
  while (true) {
    if (openOrder) {
      const resumed: boolean = yield call(askAboutOpenOrderSaga, openOrder, packId);
      if (resumed) return;
    }
    // An order the server is known to refuse (over the limit as last read) is refused here, with no tab to flash.
    // The price the player was shown: the server refuses the order if the shelf's has changed since.
    const pack: GemPack | undefined = yield select(selectShelfPack, packId);
    const refusal: string | null = yield select(selectKnownRefusal, pack?.priceCents ?? 0);
    if (refusal) {
      yield put(opening({ paymentId, packId }));
      yield put(startFailed({ paymentId, message: refusal, failure: 'refused', reason: 'spendingLimit' }));
      return;
    }

    // The request goes first; the tab opens and the form says it is starting while it is on its way. Sending does not
    // wait, so the tab still opens inside the click (a browser allows a new tab only there).
    const openOrdersSeen: string[] = yield select(selectOpenOrdersSeen);
    const underWay: StartUnderWay = yield call(sendStartPayment, {
      packId,
      ...details,
      openOrdersSeen,
      ...(pack ? { priceCents: pack.priceCents } : {}),
      ...(promoCode ? { promoCode } : {}),
      ...(creatorCode ? { creatorCode } : {}),
      ...(gift ? { gift } : {}),
      ...(rememberDetails !== undefined ? { rememberDetails } : {}),
      ...(rememberDetails !== undefined && rememberedGeneration !== undefined ? { rememberedGeneration } : {}),
    });
    const tab: Window | null = yield call(openBlankTab);
    yield put(opening({ paymentId, packId }));
    let started: StartPaymentResponse;
    try {
      started = yield call(answerOf, underWay);
    } catch (error) {
      const { message, failure, openOrders, reason }: ApiError = toApiError(error);
      if (openOrders) {
        // Started elsewhere since this tab last asked the server: not a refusal but a question, asked in this tab, so
        // the tab that waited closes (the answer opens the next); then this Submit again.
        yield put(openOrdersLoaded(openOrders));
        openOrder = yield select(selectOrderToAskAbout);
        if (openOrder) {
          yield call(closeTab, tab);
          yield put(startWithdrawn({ paymentId }));
          continue;
        }
      }
      // Refused: the tab that waited says nothing was charged (never a blank tab that flashes shut); this tab says why.
      yield call(showRefusalInTab, tab, message);
      // A code refused now (used up since it was applied, say) is said under its field too.
      if (reason === 'promoCode') yield put(promoCodeRefused({ packId, message }));
      // A new price, or a pack gone from the shelf: the shelf is read again, so the screen shows what is on sale.
      if (reason === 'priceChanged' || reason === 'notOnSale') yield put(shelfStale());
      yield put(startFailed({ paymentId, message, failure, ...(reason ? { reason } : {}) }));
      return;
    }
    const shown: boolean = yield call(showCheckoutInTab, tab, started.checkoutUrl);
    yield put(orderCreated({ paymentId, ...started, tabBlocked: !shown }));
    yield put(ledgerMoved());
    // The code went with this order: the next one starts without it.
    if (promoCode) yield put(promoCodeRemoved());
    if (shown) yield put(tabOpened({ paymentId }));
    // Detached: the order is followed while the player starts others.
    yield spawn(followOrderSaga, paymentId, started.orderId, started.checkoutUrl, shown ? tab : null);
    return;
  }
}

/**
 * Resume that order, or start a new one? Resume shows the order's pack and reopens its checkout (the click on
 * Resume lets the browser open the tab); an order started elsewhere first joins this tab, followed like its own.
 * Answers whether the player resumed.
 */
export function* askAboutOpenOrderSaga(openOrder: OpenOrderQuestion, packId: number) {
  yield put(secondOrderAsked(openOrder));
  const choice: Action = yield take([resumeChosen.type, newOrderChosen.type]);
  if (!resumeChosen.match(choice)) return false;
  if (openOrder.packId !== packId) {
    // An order of a pack since taken off the shelf still pays and credits as sold: it is followed from the orders page.
    const onShelf: GemPack | undefined = yield select(selectShelfPack, openOrder.packId);
    yield call(navigate, onShelf ? shopItemPath(openOrder.packId) : ROUTES.orders);
  }
  let { paymentId } = openOrder;
  if (!paymentId) {
    // An order's number is unique, so it names its entry here too.
    paymentId = openOrder.orderId;
    const { orderId, checkoutUrl, gives } = openOrder;
    yield put(orderAdopted({ paymentId, orderId, packId: openOrder.packId, checkoutUrl, gives }));
    yield spawn(followOrderSaga, paymentId, orderId, checkoutUrl, null);
  }
  yield put(reopenRequested({ paymentId }));
  return true;
}
