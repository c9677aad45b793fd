/** The shop feature's public face: what the rest of the app may use. */
export { paymentFormSubmitted, shopReset, shopSlice, type PaymentSubmission } from './shopSlice';
export { shopSaga } from './shopSagas';
