/**
 * The checkout feature's public face for the app's frame: its state and its sagas. Its screens are in
 * ./screens, for the route chunks that show them, so the first load of a page carries none of them.
 */
export { checkoutLeft, checkoutSlice } from './checkoutSlice';
export { checkoutSaga } from './checkoutSagas';
