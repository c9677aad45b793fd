/** What the shop's page starts when it loads (the app's routes read this): the Buy saga. */
import { shopSaga } from './shopSagas';

export const featureSagas = [shopSaga];
