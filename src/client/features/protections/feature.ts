/** What the pages that show the spending limit start when they load (the app's routes read this). */
import { protectionsSaga } from './protectionsSagas';

export const featureSagas = [protectionsSaga];
