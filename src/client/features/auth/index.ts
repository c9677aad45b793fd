/** The auth feature's public face: what the rest of the app may use. */
export {
  authActionsChangingUser,
  authSlice,
  selectIsSignedIn,
  selectUser,
  signedIn,
  signedOut,
  signOutRequested,
  userChanged,
} from './authSlice';
export { authSaga } from './authSagas';
export { AccountLabel } from './components/AccountLabel';
export { readStoredUser, type PublicUser } from './storedUser';
export { authErrorMessage } from './authErrors';
export { confirmPassword } from './signInService';
