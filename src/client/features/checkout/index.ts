/** The checkout feature's public face: what the rest of the app may use. */
export { checkoutLeft, checkoutSlice } from './checkoutSlice';
export { checkoutSaga } from './checkoutSagas';
export { CheckoutScreen } from './components/CheckoutScreen';
