/** What the orders page starts when it loads (the app's routes read this): the history, followed live. */
import { ordersSaga } from './ordersSagas';

export const featureSagas = [ordersSaga];
