/** What the sign-in page starts when it loads (the app's routes read this): signing in, up, and password resets. */
import { gameSignInWatcher } from './gameSignInSaga';
import { signInPageSaga } from './signInSagas';

export const featureSagas = [signInPageSaga, gameSignInWatcher];
