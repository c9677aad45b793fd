/** What the support console's pages start when they load (the app's routes read this). */
import { supportSaga } from './supportSagas';
import { supportOffersSaga } from './supportOffersSagas';
import { supportDisputesSaga } from './supportDisputesSagas';
import { supportDeliverySaga } from './supportDeliverySagas';
import { supportOverviewSaga } from './supportOverviewSagas';

export const featureSagas = [supportSaga, supportOffersSaga, supportDisputesSaga, supportDeliverySaga, supportOverviewSaga];
