/**
 * What the checkout's pages start when they load (the app's routes read this), and what the app starts at
 * once on the provider's return and cancel landings: payments, returns, reconcile, and the order watch.
 */
import { paymentSaga } from './paymentSagas';

export const featureSagas = [paymentSaga];
