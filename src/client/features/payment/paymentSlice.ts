import { createSlice, nanoid, type ActionCreatorWithPayload, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import { checkoutLeft } from './checkoutActions';
import type { ApiErrorBody, OpenOrder } from '../../../shared/api';
import type { Country } from '../../../shared/countries';
import type { OrderView } from '../../../shared/orders/orderView';
import type { PaymentFormData } from '../../../shared/validation/paymentForm';
import type { ApiFailure } from '../../lib/apiClient';
import {
  ADOPTED_ORDER_PHASE,
  checkoutTransition,
  eventForOrder,
  isAwaitingPayment,
  type CheckoutEvent,
  type CheckoutPhase,
  type OrderEvent,
} from './checkoutMachine';

/** One order the player started in this tab, and where its checkout stands. */
export interface CheckoutEntry {
  attemptId: string;
  packId: number;
  phase: CheckoutPhase;
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
}

/**
 * An unpaid order a second Submit asks about before it opens another checkout: one started in this tab
 * (attemptId), or one the server knows of, started in another tab or on another device (attemptId null).
 */
export interface OpenOrderQuestion {
  orderId: string;
  packId: number;
  checkoutUrl: string;
  attemptId: string | null;
}

/** Where news of an order came from ('restore': read again after this tab was reloaded). */
export type OrderSource = 'listener' | 'return' | 'reconcile' | 'poll' | 'restore';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface CheckoutState {
  /** Every order started in this tab, by attempt. */
  entries: Record<string, CheckoutEntry>;
  /** The attempt the checkout screen shows; null shows the form. */
  activeAttemptId: string | null;
  /** A second Submit while an order still waits for payment: resume it, or start a new one? */
  secondOrderPrompt: OpenOrderQuestion | null;
  /** The player's open unpaid orders as the server last listed them, newest first, wherever they were started. */
  openOrders: { status: LoadStatus; list: OpenOrder[] };
  /** The provider's Cancel brought the player back to this pack. */
  cancelledReturn: { orderId: string; packId: number } | null;
  /** /payment-success: the order it confirms. */
  confirmation: { orderId: string | null; order: OrderView | null; status: LoadStatus; error: { message: string; failure: ApiFailure } | null };
  reconcile: { status: 'idle' | 'running' | 'finished' | 'failed'; checked: number; credited: number };
  countries: { status: LoadStatus; list: Country[] };
}

const initialState: CheckoutState = {
  entries: {},
  activeAttemptId: null,
  secondOrderPrompt: null,
  openOrders: { status: 'idle', list: [] },
  cancelledReturn: null,
  confirmation: { orderId: null, order: null, status: 'idle', error: null },
  reconcile: { status: 'idle', checked: 0, credited: 0 },
  countries: { status: 'idle', list: [] },
};

type AttemptPayload = { attemptId: string };
type OrderEventPayload = { order: OrderView; source: OrderSource };
/** Why an attempt failed, in the API's words; `openOrderCap` when the player's unpaid orders fill the cap. */
type Failure = { message: string; failure: ApiFailure; reason?: ApiErrorBody['reason'] };

/** Moves an entry by the machine; an event the machine does not allow changes nothing. */
function move(entry: CheckoutEntry | undefined, event: CheckoutEvent): entry is CheckoutEntry {
  if (!entry) return false;
  const next = checkoutTransition(entry.phase, event);
  if (!next) return false;
  entry.phase = next;
  return true;
}

const entryForOrder = (state: CheckoutState, orderId: string) =>
  Object.values(state.entries).find((entry) => entry.orderId === orderId);

/** Keeps the latest reading of the order /payment-success confirms. */
function recordReading(state: CheckoutState, order: OrderView): void {
  if (state.confirmation.orderId !== order.orderId) return;
  state.confirmation.order = order;
  state.confirmation.status = 'loaded';
  state.confirmation.error = null;
}

/**
 * The reducer of an order event: the machine moves the entry that holds the order (or, where the table
 * does not allow the event, leaves it as it is), and /payment-success keeps the reading.
 */
const orderEvent = (event: CheckoutEvent) => (state: CheckoutState, action: PayloadAction<OrderEventPayload>) => {
  move(entryForOrder(state, action.payload.order.orderId), event);
  recordReading(state, action.payload.order);
};

/** An order of this tab that can still be paid. */
function awaitingEntry(state: CheckoutState): CheckoutEntry | null {
  return Object.values(state.entries).find((entry) => isAwaitingPayment(entry.phase)) ?? null;
}

/**
 * The order a Submit asks about first: this tab's own order still awaiting payment, else the newest open order
 * the server knows of that this tab does not hold and whose checkout can be reopened; null when there is none.
 */
function orderToAskAbout(state: CheckoutState): OpenOrderQuestion | null {
  const own = awaitingEntry(state);
  if (own?.orderId && own.checkoutUrl) return { orderId: own.orderId, packId: own.packId, checkoutUrl: own.checkoutUrl, attemptId: own.attemptId };
  const held = new Set(Object.values(state.entries).map((entry) => entry.orderId));
  const elsewhere = state.openOrders.list.find((order) => order.checkoutUrl && !held.has(order.orderId));
  return elsewhere?.checkoutUrl ? { orderId: elsewhere.orderId, packId: elsewhere.packId, checkoutUrl: elsewhere.checkoutUrl, attemptId: null } : null;
}

const slice = createSlice({
  name: 'payment',
  initialState,
  reducers: {
    /** The form's valid Submit. The details go to the saga (DevTools hides them), never into the state. */
    submitted: {
      reducer(state, _action: PayloadAction<{ attemptId: string; packId: number; details: PaymentFormData; promoCode?: string }>) {
        state.cancelledReturn = null;
      },
      prepare: (payload: { packId: number; details: PaymentFormData; promoCode?: string }) => ({ payload: { ...payload, attemptId: nanoid(10) } }),
    },
    secondOrderAsked(state, action: PayloadAction<OpenOrderQuestion>) {
      state.secondOrderPrompt = action.payload;
    },
    resumeChosen(state) {
      const attemptId = state.secondOrderPrompt?.attemptId;
      if (attemptId) state.activeAttemptId = attemptId;
      state.secondOrderPrompt = null;
    },
    newOrderChosen(state) {
      state.secondOrderPrompt = null;
    },
    /**
     * Resume of an order started elsewhere: it joins this tab's checkouts as a closed checkout (payable, no tab
     * open here), and the saga reopens it at once.
     */
    orderAdopted(state, action: PayloadAction<AttemptPayload & { orderId: string; packId: number; checkoutUrl: string }>) {
      const { attemptId, orderId, packId, checkoutUrl } = action.payload;
      state.entries[attemptId] = { attemptId, packId, phase: ADOPTED_ORDER_PHASE, orderId, checkoutUrl, tabBlocked: false, checkoutTabUnknown: true, error: null };
      state.activeAttemptId = attemptId;
    },
    /** The server refused to start it for an open order the player was not asked about: the question comes instead. */
    startWithdrawn(state, action: PayloadAction<AttemptPayload>) {
      delete state.entries[action.payload.attemptId];
      if (state.activeAttemptId === action.payload.attemptId) state.activeAttemptId = null;
    },
    openOrdersRequested(state) {
      if (state.openOrders.status !== 'loaded') state.openOrders.status = 'loading';
    },
    openOrdersLoaded(state, action: PayloadAction<OpenOrder[]>) {
      state.openOrders = { status: 'loaded', list: action.payload };
    },
    openOrdersFailed(state) {
      if (state.openOrders.status === 'loading') state.openOrders.status = 'failed';
    },
    /** A new order's checkout begins: the machine's first state. */
    opening(state, action: PayloadAction<{ attemptId: string; packId: number }>) {
      const { attemptId, packId } = action.payload;
      state.entries[attemptId] = { attemptId, packId, phase: 'starting', orderId: null, checkoutUrl: null, tabBlocked: false, checkoutTabUnknown: false, error: null };
      state.activeAttemptId = attemptId;
    },
    orderCreated(state, action: PayloadAction<AttemptPayload & { orderId: string; checkoutUrl: string; tabBlocked: boolean }>) {
      const { attemptId, orderId, checkoutUrl, tabBlocked } = action.payload;
      const entry = state.entries[attemptId];
      if (move(entry, 'orderCreated')) Object.assign(entry, { orderId, checkoutUrl, tabBlocked });
    },
    startFailed(state, action: PayloadAction<AttemptPayload & Failure>) {
      const { attemptId, ...error } = action.payload;
      const entry = state.entries[attemptId];
      if (move(entry, 'startFailed')) entry.error = error;
    },
    /** The player asked to see the checkout again (Reopen checkout, Resume, or a blocked tab's button). */
    reopenRequested(_state, _action: PayloadAction<AttemptPayload>) {},
    tabOpened(state, action: PayloadAction<AttemptPayload>) {
      const entry = state.entries[action.payload.attemptId];
      if (move(entry, 'tabOpened')) Object.assign(entry, { tabBlocked: false, checkoutTabUnknown: false });
    },
    tabClosed(state, action: PayloadAction<AttemptPayload>) {
      move(state.entries[action.payload.attemptId], 'tabClosed');
    },
    stillPending: orderEvent('stillPending'),
    paymentConfirmed: orderEvent('paymentConfirmed'),
    gemsCredited: orderEvent('gemsCredited'),
    paymentDeclined: orderEvent('paymentDeclined'),
    paymentCancelled: orderEvent('paymentCancelled'),
    orderExpired: orderEvent('orderExpired'),
    /** Leave a closed checkout's order be and show the form again, with the details kept. */
    startedOver(state) {
      state.activeAttemptId = null;
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

    reconcileStarted(state) {
      state.reconcile = { status: 'running', checked: 0, credited: 0 };
    },
    reconcileFinished(state, action: PayloadAction<{ checked: number; credited: number }>) {
      state.reconcile = { status: 'finished', ...action.payload };
    },
    reconcileFailed(state, _action: PayloadAction<Failure>) {
      state.reconcile.status = 'failed';
    },

    /** /payment-success opened (or its Try again), for ?order= (null when none). */
    confirmationOpened(state, action: PayloadAction<{ orderId: string | null }>) {
      const { orderId } = action.payload;
      const known = state.confirmation.orderId === orderId ? state.confirmation.order : null;
      state.confirmation = { orderId, order: known, status: orderId ? 'loading' : 'idle', error: null };
    },
    confirmationClosed() {},
    /** A reading of an order that the machine has no event for (a plain read, a refund). */
    orderLoaded(state, action: PayloadAction<{ order: OrderView; source: OrderSource | 'read' }>) {
      recordReading(state, action.payload.order);
    },
    orderLoadFailed(state, action: PayloadAction<{ orderId: string } & Failure>) {
      const { orderId, message, failure } = action.payload;
      if (state.confirmation.orderId !== orderId) return;
      state.confirmation.status = 'failed';
      state.confirmation.error = { message, failure };
    },

    countriesRequested(state, _action: PayloadAction<{ url: string }>) {
      state.countries.status = 'loading';
    },
    countriesLoaded(state, action: PayloadAction<Country[]>) {
      state.countries = { status: 'loaded', list: action.payload };
    },
    countriesFailed(state) {
      state.countries.status = 'failed';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(checkoutLeft, (state) => {
      state.activeAttemptId = null;
      state.secondOrderPrompt = null;
      state.cancelledReturn = null;
    });
  },
  selectors: {
    selectEntry: (state, attemptId: string) => state.entries[attemptId] ?? null,
    selectActiveEntry: (state) => (state.activeAttemptId ? state.entries[state.activeAttemptId] ?? null : null),
    selectOrderToAskAbout: orderToAskAbout,
    /** The open orders the player knows of here: this tab's still payable ones, and the server's (the API's `openOrdersSeen`). */
    selectOpenOrdersSeen: (state) => [
      ...new Set([
        ...Object.values(state.entries).flatMap((entry) => (entry.orderId && isAwaitingPayment(entry.phase) ? [entry.orderId] : [])),
        ...state.openOrders.list.map((order) => order.orderId),
      ]),
    ],
    selectSecondOrderPrompt: (state) => state.secondOrderPrompt,
    selectCancelledReturn: (state) => state.cancelledReturn,
    selectConfirmation: (state) => state.confirmation,
    selectReconcile: (state) => state.reconcile,
    selectCountries: (state) => state.countries,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** The checkout state, in the store from the moment this module loads (with its page). */
export const paymentSlice = slice.injectInto(rootReducer);

export const {
  submitted,
  secondOrderAsked,
  resumeChosen,
  newOrderChosen,
  orderAdopted,
  startWithdrawn,
  openOrdersRequested,
  openOrdersLoaded,
  openOrdersFailed,
  opening,
  orderCreated,
  startFailed,
  reopenRequested,
  tabOpened,
  tabClosed,
  stillPending,
  paymentConfirmed,
  gemsCredited,
  paymentDeclined,
  paymentCancelled,
  orderExpired,
  startedOver,
  cancelReturned,
  cancelledReturnDismissed,
  closeTabRequested,
  reconcileStarted,
  reconcileFinished,
  reconcileFailed,
  confirmationOpened,
  confirmationClosed,
  orderLoaded,
  orderLoadFailed,
  countriesRequested,
  countriesLoaded,
  countriesFailed,
} = paymentSlice.actions;

export const {
  selectEntry,
  selectActiveEntry,
  selectOrderToAskAbout,
  selectOpenOrdersSeen,
  selectSecondOrderPrompt,
  selectCancelledReturn,
  selectConfirmation,
  selectReconcile,
  selectCountries,
} = paymentSlice.selectors;

/** The action creator of each order event of the machine. */
export const ORDER_EVENT_ACTIONS: Record<OrderEvent, ActionCreatorWithPayload<OrderEventPayload>> = {
  stillPending,
  paymentConfirmed,
  gemsCredited,
  paymentDeclined,
  paymentCancelled,
  orderExpired,
};

/** The action a reading of an order becomes: the machine's event for it, or a plain orderLoaded. */
export function orderReadingAction(order: OrderView, source: OrderSource) {
  const event = eventForOrder(order);
  return event ? ORDER_EVENT_ACTIONS[event]({ order, source }) : orderLoaded({ order, source });
}
