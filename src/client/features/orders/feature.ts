/** What the orders pages start when they load (the app's routes read this): the history, Check again, receipts and refunds. */
import { ordersSaga } from './ordersSagas';

export const featureSagas = [ordersSaga];
