import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PaymentFormData } from '../../../shared/validation/paymentForm';

/** The payment form's data and the pack it buys: the one action the shop's form dispatches. */
export interface PaymentRequestPayload {
  packId: number;
  details: PaymentFormData;
}

export type CheckoutPhase = 'idle' | 'starting' | 'awaitingPayment' | 'failed';

export interface PaymentState {
  /** The checkout started from the shop's form. */
  checkout: {
    phase: CheckoutPhase;
    packId: number | null;
    orderId: string | null;
    checkoutUrl: string | null;
    /** False when the browser blocked the new tab: the page offers a link instead. */
    tabOpened: boolean;
    error: string | null;
  };
  /** The order the success page confirms, and what the provider says of it. */
  confirmation: {
    orderId: string | null;
    status: string | null;
    /** Set while the store is asking the provider. */
    confirming: boolean;
    error: string | null;
  };
  /** The last known status of each order, live from Firestore or from the API. */
  orderStatuses: Record<string, string>;
}

const initialState: PaymentState = {
  checkout: { phase: 'idle', packId: null, orderId: null, checkoutUrl: null, tabOpened: false, error: null },
  confirmation: { orderId: null, status: null, confirming: false, error: null },
  orderStatuses: {},
};

export const paymentSlice = createSlice({
  name: 'payment',
  initialState,
  reducers: {
    paymentRequested(state, action: PayloadAction<PaymentRequestPayload>) {
      state.checkout = { ...initialState.checkout, phase: 'starting', packId: action.payload.packId };
    },
    paymentStarted(state, action: PayloadAction<{ orderId: string; checkoutUrl: string; tabOpened: boolean }>) {
      state.checkout = { ...state.checkout, ...action.payload, phase: 'awaitingPayment', error: null };
      state.orderStatuses[action.payload.orderId] = 'pending';
    },
    paymentFailed(state, action: PayloadAction<string>) {
      state.checkout.phase = 'failed';
      state.checkout.error = action.payload;
    },
    /** The provider sent the visitor back with the outcome of an order. */
    returnReceived(state, action: PayloadAction<{ orderId: string }>) {
      state.confirmation = { orderId: action.payload.orderId, status: null, confirming: true, error: null };
    },
    returnConfirmed(state, action: PayloadAction<{ orderId: string; status: string }>) {
      state.confirmation.confirming = false;
      state.confirmation.status = action.payload.status;
      state.orderStatuses[action.payload.orderId] = action.payload.status;
    },
    returnFailed(state, action: PayloadAction<string>) {
      state.confirmation.confirming = false;
      state.confirmation.error = action.payload;
    },
    orderStatusChanged(state, action: PayloadAction<{ orderId: string; status: string }>) {
      state.orderStatuses[action.payload.orderId] = action.payload.status;
    },
    paymentSuccessOpened() {},
    /** A fresh start of the shop (the nav's Shop link). */
    paymentReset(state) {
      state.checkout = initialState.checkout;
    },
  },
  selectors: {
    selectCheckout: (state) => state.checkout,
    selectConfirmation: (state) => state.confirmation,
    selectOrderStatus: (state, orderId: string | null) => (orderId ? state.orderStatuses[orderId] ?? null : null),
  },
});

export const {
  paymentRequested,
  paymentStarted,
  paymentFailed,
  returnReceived,
  returnConfirmed,
  returnFailed,
  orderStatusChanged,
  paymentSuccessOpened,
  paymentReset,
} = paymentSlice.actions;
export const { selectCheckout, selectConfirmation, selectOrderStatus } = paymentSlice.selectors;
