/** What the pages that show offers start when they load (the app's routes read this). */
import { offersSaga } from './offersSagas';

export const featureSagas = [offersSaga];
