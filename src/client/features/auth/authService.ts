import { eventChannel, type EventChannel } from 'redux-saga';
import { callFirebase, listenToFirebase } from '../../lib/firebase';
import type { PublicUser } from './storedUser';

/**
 * The Firebase Auth calls every page's sagas make (the session, Sign out), each a plain async function they
 * reach through call(). Signing in, up and resetting a password are in ./signInService, with their page.
 */
export async function signOutOfFirebase(): Promise<void> {
  await callFirebase('signOut');
}

export interface AuthStateEvent {
  user: PublicUser | null;
}

/** Every change of the Auth SDK's signed-in user, starting with the restored session. */
export function authStateChannel(): EventChannel<AuthStateEvent> {
  return eventChannel<AuthStateEvent>((emit) => listenToFirebase<'authState'>({ kind: 'authState' }, emit));
}
