/**
 * "Sign in with the game" as a chunk of its own: its screen (the code, the QR code, the account questions) and its
 * saga, loaded when a player chooses it or once the sign-in page is idle, never before the email form is usable.
 */
export { GameSignIn } from './components/GameSignIn';
export { ConfirmInGame } from './components/ConfirmInGame';
export { gameSignInWatcher } from './gameSignInSaga';
