/** What the support console's pages start when they load (the app's routes read this). */
import { supportSaga } from './supportSagas';
import { supportOffersSaga } from './supportOffersSagas';
import { supportDisputesSaga } from './supportDisputesSagas';

export const featureSagas = [supportSaga, supportOffersSaga, supportDisputesSaga];
