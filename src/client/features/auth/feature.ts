/** What the sign-in page starts when it loads (the app's routes read this): signing in, up, and password resets. */
import { signInPageSaga } from './signInSagas';

export const featureSagas = [signInPageSaga];
