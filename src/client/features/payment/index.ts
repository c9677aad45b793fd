/** The payment feature's public face: what the rest of the app may use. */
export { paymentRequested, paymentReset, paymentSlice, selectCheckout } from './paymentSlice';
export { paymentSaga } from './paymentSagas';
export { PaymentProgress } from './components/PaymentProgress';
