import { samplePlayer } from '../../../../test/fixtures/samples';
import { authSlice } from '../auth';
import { paymentSlice } from './paymentSlice';

/** The store's auth and payment slices for saga tests (expectSaga's withReducer), and a signed-in start. */
export type PaymentTestState = { auth: ReturnType<typeof authSlice.reducer>; payment: ReturnType<typeof paymentSlice.reducer> };

export const paymentTestReducer = (state: PaymentTestState | undefined, action: { type: string }): PaymentTestState => ({
  auth: authSlice.reducer(state?.auth, action),
  payment: paymentSlice.reducer(state?.payment, action),
});

export const signedInTestState = () => paymentTestReducer(paymentTestReducer(undefined, { type: '@@init' }), authSlice.actions.signedIn(samplePlayer));
