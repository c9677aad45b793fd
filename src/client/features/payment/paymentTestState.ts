import { combineReducers } from '@reduxjs/toolkit';
import { samplePlayer } from '../../../../test/fixtures/samples';
import { authSlice } from '../auth';
import { confirmationSlice } from './confirmationSlice';
import { countriesSlice } from './countriesSlice';
import { openOrdersSlice } from './openOrdersSlice';
import { paymentSlice } from './paymentSlice';
import { reconcileSlice } from './reconcileSlice';

/** The store's auth slice and the payment feature's slices for saga tests (expectSaga's withReducer), and a signed-in start. */
export const paymentTestReducer = combineReducers({
  auth: authSlice.reducer,
  payment: paymentSlice.reducer,
  openOrders: openOrdersSlice.reducer,
  paymentConfirmation: confirmationSlice.reducer,
  reconcile: reconcileSlice.reducer,
  countries: countriesSlice.reducer,
});

export type PaymentTestState = ReturnType<typeof paymentTestReducer>;

export const signedInTestState = () => paymentTestReducer(paymentTestReducer(undefined, { type: '@@init' }), authSlice.actions.signedIn(samplePlayer));
