import { createSlice, nanoid, type ActionCreatorWithPayload, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../wiring/rootReducer';
import { paymentLeft } from './paymentActions';
import { gemsGiven, type GemsGiven } from '../../../shared/offers/offer';
import type { SoldAs } from '../../../shared/api';
import type { PaymentFormData } from '../../../shared/validation/paymentForm';
import { ADOPTED_ORDER_PHASE, paymentTransition, isAwaitingPayment, type PaymentEvent, type PaymentPhase, type OrderNews } from './paymentMachine';
import type { Failure, OrderNewsPayload } from './paymentTypes';

/** One payment the player started in this tab: its order, and where its checkout stands. */
export interface PaymentAttempt {
  paymentId: string;
  packId: number;
  phase: PaymentPhase;
  orderId: string | null;
  checkoutUrl: string | null;
  /** The browser blocked the checkout tab: the screen offers a button that opens it. */
  tabBlocked: boolean;
  /**
   * This tab has no handle on the order's checkout tab (the order came back after a reload, or was started
   * elsewhere): it may still be open, so the screen does not say it was closed. Cleared once this tab opens it.
   */
  checkoutTabUnknown: boolean;
  error: Failure | null;
  /** What the order gives as recorded (its bonus included, as the store last said); null before there is an order. */
  gives: GemsGiven | null;
  /** The pack as the order sold it, once this tab started it (absent for an order adopted from elsewhere: the shelf's then). */
  soldAs?: SoldAs;
  /** The card's bank could not confirm the payment (3-D Secure failed): the decline says so. */
  threeDSecureFailed?: boolean;
}

/**
 * An unpaid order a second Submit asks about before it opens another checkout: one started in this tab
 * (paymentId), or one the server knows of, started in another tab or on another device (paymentId null).
 */
export interface OpenOrderQuestion {
  orderId: string;
  packId: number;
  checkoutUrl: string;
  paymentId: string | null;
  gives: GemsGiven | null;
}

/** The payments started in this tab (the open orders, the confirmation, the reconcile and the countries have slices of their own). */
export interface PaymentState {
  /** Every payment started in this tab, by its paymentId (the client's own id of a payment; the refunds' attemptId is another thing). */
  entries: Record<string, PaymentAttempt>;
  /** The payment the payment screen shows; null shows the form. */
  activePaymentId: string | null;
  /** A second Submit while an order still waits for payment: resume it, or start a new one? */
  secondOrderPrompt: OpenOrderQuestion | null;
  /** The provider's Cancel brought the player back to this pack. */
  cancelledReturn: { orderId: string; packId: number } | null;
}

const initialState: PaymentState = {
  entries: {},
  activePaymentId: null,
  secondOrderPrompt: null,
  cancelledReturn: null,
};

type AttemptPayload = { paymentId: string };

/** Moves an entry by the machine; an event the machine does not allow changes nothing. */
function move(entry: PaymentAttempt | undefined, event: PaymentEvent): entry is PaymentAttempt {
  if (!entry) return false;
  const next = paymentTransition(entry.phase, event);
  if (!next) return false;
  entry.phase = next;
  return true;
}

const entryForOrder = (state: PaymentState, orderId: string) =>
  Object.values(state.entries).find((entry) => entry.orderId === orderId);

/**
 * The reducer of an order event: the machine moves the entry that holds the order (or, where the table
 * does not allow the event, leaves it as it is). /payment-success keeps the reading (./confirmationSlice).
 */
const orderEvent = (event: PaymentEvent) => (state: PaymentState, action: PayloadAction<OrderNewsPayload>) => {
  const entry = entryForOrder(state, action.payload.order.orderId);
  if (!move(entry, event)) return;
  entry.gives = gemsGiven(action.payload.order);
  if (action.payload.order.threeDSecure === 'failed') entry.threeDSecureFailed = true;
};

/** What a valid Submit carries: the pack, the details, a promo code, and what to do with the details (kept, forgotten, or neither) and from which generation of them the form was filled. */
interface SubmittedPayment {
  packId: number;
  details: PaymentFormData;
  promoCode?: string;
  /** A creator's code the player kept in the form (shared/creators): it never changes the price. */
  creatorCode?: string;
  /** A gift for a friend, found by their tag (shared/gifts/gift): sold without offers. */
  gift?: { tag: string; message?: string; showName: boolean };
  rememberDetails?: boolean;
  rememberedGeneration?: number;
}

const slice = createSlice({
  name: 'payment',
  initialState,
  reducers: {
    /** The form's valid Submit. The details go to the saga (DevTools hides them), never into the state. */
    submitted: {
      reducer(state, _action: PayloadAction<SubmittedPayment & { paymentId: string }>) {
        state.cancelledReturn = null;
      },
      prepare: (payload: SubmittedPayment) => ({ payload: { ...payload, paymentId: nanoid(10) } }),
    },
    secondOrderAsked(state, action: PayloadAction<OpenOrderQuestion>) {
      state.secondOrderPrompt = action.payload;
    },
    resumeChosen(state) {
      const paymentId = state.secondOrderPrompt?.paymentId;
      if (paymentId) state.activePaymentId = paymentId;
      state.secondOrderPrompt = null;
    },
    newOrderChosen(state) {
      state.secondOrderPrompt = null;
    },
    /**
     * Resume of an order started elsewhere: it joins this tab's checkouts as a closed checkout (payable, no tab
     * open here), and the saga reopens it at once.
     */
    orderAdopted(state, action: PayloadAction<AttemptPayload & { orderId: string; packId: number; checkoutUrl: string; gives: GemsGiven | null }>) {
      const { paymentId, orderId, packId, checkoutUrl, gives } = action.payload;
      state.entries[paymentId] = { paymentId, packId, phase: ADOPTED_ORDER_PHASE, orderId, checkoutUrl, tabBlocked: false, checkoutTabUnknown: true, error: null, gives };
      state.activePaymentId = paymentId;
    },
    /** The server refused to start it for an open order the player was not asked about: the question comes instead. */
    startWithdrawn(state, action: PayloadAction<AttemptPayload>) {
      delete state.entries[action.payload.paymentId];
      if (state.activePaymentId === action.payload.paymentId) state.activePaymentId = null;
    },
    /** A new order's checkout begins: the machine's first state. */
    opening(state, action: PayloadAction<{ paymentId: string; packId: number }>) {
      const { paymentId, packId } = action.payload;
      state.entries[paymentId] = { paymentId, packId, phase: 'starting', orderId: null, checkoutUrl: null, tabBlocked: false, checkoutTabUnknown: false, error: null, gives: null };
      state.activePaymentId = paymentId;
    },
    orderCreated(state, action: PayloadAction<AttemptPayload & { orderId: string; checkoutUrl: string; tabBlocked: boolean; gives: GemsGiven; soldAs?: SoldAs }>) {
      const { paymentId, orderId, checkoutUrl, tabBlocked, gives, soldAs } = action.payload;
      const entry = state.entries[paymentId];
      if (move(entry, 'orderCreated')) Object.assign(entry, { orderId, checkoutUrl, tabBlocked, gives, soldAs });
    },
    startFailed(state, action: PayloadAction<AttemptPayload & Failure>) {
      const { paymentId, ...error } = action.payload;
      const entry = state.entries[paymentId];
      if (move(entry, 'startFailed')) entry.error = error;
    },
    /** The player asked to see the checkout again (Reopen checkout, Resume, or a blocked tab's button). */
    reopenRequested(_state, _action: PayloadAction<AttemptPayload>) {},
    tabOpened(state, action: PayloadAction<AttemptPayload>) {
      const entry = state.entries[action.payload.paymentId];
      if (move(entry, 'tabOpened')) Object.assign(entry, { tabBlocked: false, checkoutTabUnknown: false });
    },
    tabClosed(state, action: PayloadAction<AttemptPayload>) {
      move(state.entries[action.payload.paymentId], 'tabClosed');
    },
    stillPending: orderEvent('stillPending'),
    transferStarted: orderEvent('transferStarted'),
    paymentConfirmed: orderEvent('paymentConfirmed'),
    gemsCredited: orderEvent('gemsCredited'),
    paymentDeclined: orderEvent('paymentDeclined'),
    paymentCancelled: orderEvent('paymentCancelled'),
    orderExpired: orderEvent('orderExpired'),
    /** Leave a closed checkout's order be and show the form again, with the details kept. */
    startedOver(state) {
      state.activePaymentId = null;
    },
    /** This tab is the checkout tab the provider sent back after its Cancel: it sends the player back to the first. */
    cancelReturned(state, action: PayloadAction<{ orderId: string; packId: number }>) {
      state.cancelledReturn = action.payload;
    },
    /** The player would rather try again here (the tab they started from may be gone): the form, with the details. */
    cancelledReturnDismissed(state) {
      state.cancelledReturn = null;
    },
    /** Close this checkout tab (it was opened by the store, so the browser lets it close). */
    closeTabRequested() {},

  },
  extraReducers: (builder) => {
    builder.addCase(paymentLeft, (state) => {
      state.activePaymentId = null;
      state.secondOrderPrompt = null;
      state.cancelledReturn = null;
    });
  },
  selectors: {
    selectEntry: (state, paymentId: string) => state.entries[paymentId] ?? null,
    selectActiveEntry: (state) => (state.activePaymentId ? state.entries[state.activePaymentId] ?? null : null),
    /** The orders of this tab that can still be paid. */
    selectAwaitingEntries: (state) => Object.values(state.entries).filter((entry) => isAwaitingPayment(entry.phase)),
    selectEntries: (state) => state.entries,
    selectSecondOrderPrompt: (state) => state.secondOrderPrompt,
    selectCancelledReturn: (state) => state.cancelledReturn,
  },
});

declare module '../../wiring/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** The payments started in this tab, in the store from the moment this module loads (with its page). */
export const paymentSlice = slice.injectInto(rootReducer);

export const {
  submitted,
  secondOrderAsked,
  resumeChosen,
  newOrderChosen,
  orderAdopted,
  startWithdrawn,
  opening,
  orderCreated,
  startFailed,
  reopenRequested,
  tabOpened,
  tabClosed,
  stillPending,
  transferStarted,
  paymentConfirmed,
  gemsCredited,
  paymentDeclined,
  paymentCancelled,
  orderExpired,
  startedOver,
  cancelReturned,
  cancelledReturnDismissed,
  closeTabRequested,
} = paymentSlice.actions;

export const { selectEntry, selectEntries, selectActiveEntry, selectAwaitingEntries, selectSecondOrderPrompt, selectCancelledReturn } = paymentSlice.selectors;

/** The action creator of each order event of the machine. */
export const ORDER_NEWS_ACTIONS: Record<OrderNews, ActionCreatorWithPayload<OrderNewsPayload>> = {
  stillPending,
  transferStarted,
  paymentConfirmed,
  gemsCredited,
  paymentDeclined,
  paymentCancelled,
  orderExpired,
};
