/** What the pages that show the spending limit start when they load (the app's routes read this). */
import { limitsSaga } from './limitsSagas';

export const featureSagas = [limitsSaga];
