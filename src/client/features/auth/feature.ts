/** What the sign-in page starts when it loads (the app's routes read this): signing in, up, and password resets. */
import { signInSaga } from './signInSagas';

export const featureSagas = [signInSaga];
