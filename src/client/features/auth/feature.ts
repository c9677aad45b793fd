/**
 * What the sign-in page starts when it loads (the app's routes read this): signing in, up, and password resets. The
 * game's sign-in starts its own saga with its chunk (components/LazyGameSignIn).
 */
import { signInPageSaga } from './signInSagas';

export const featureSagas = [signInPageSaga];
