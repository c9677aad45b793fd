/** The auth feature's public face: what the rest of the app may use. */
export {
  authSlice,
  selectIsSignedIn,
  selectUser,
  signedIn,
  signedOut,
  signOutRequested,
  userChanged,
} from './authSlice';
export { authSaga } from './authSagas';
export { readStoredUser, type PublicUser } from './storedUser';

import { signedIn, signedOut, userChanged } from './authSlice';

/** Every action after which a different player (or nobody) may be signed in. */
export const authActionsChangingUser = [signedIn.type, signedOut.type, userChanged.type];
