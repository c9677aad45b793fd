/**
 * The checkout feature's public face for the app's frame: the nav's Shop action and whether this visit is a
 * landing back from the provider. Its state, sagas and screens load with its pages (./feature, ./screens).
 */
export { paymentLeft } from './paymentActions';
export { isPaymentReturnLanding } from './returnLanding';
export { hasRememberedOrder } from './rememberedOrder';
export { useBuyerCountry } from './buyerCountry';
