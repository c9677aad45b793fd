/** What the support console's pages start when they load (the app's routes read this). */
import { supportSaga } from './supportSagas';

export const featureSagas = [supportSaga];
