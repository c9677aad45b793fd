/** What the shop's page starts when it loads (the app's routes read this): the Buy saga, and the shelf kept published. */
import { shelfSaga, shopSaga } from './shopSagas';

export const featureSagas = [shopSaga, shelfSaga];
