import type { User } from 'firebase/auth';
import { eventChannel, type EventChannel } from 'redux-saga';
import { firebaseAuth } from '../../lib/firebase';
import type { PublicUser } from './storedUser';

/**
 * The Firebase Auth calls every page's sagas make (the session, Sign out), each a plain async function they
 * reach through call(). Signing in, up and resetting a password are in ./signInService, with their page.
 */
export const authSdk = () => import(/* webpackChunkName: "firebase-auth" */ 'firebase/auth');

export function toPublicUser(user: User): PublicUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName, emailVerified: user.emailVerified };
}

export async function signOutOfFirebase(): Promise<void> {
  const [sdk, auth] = await Promise.all([authSdk(), firebaseAuth()]);
  await sdk.signOut(auth);
}

export interface AuthStateEvent {
  user: PublicUser | null;
}

/** Every change of the Auth SDK's signed-in user, starting with the restored session. */
export function authStateChannel(): EventChannel<AuthStateEvent> {
  return eventChannel<AuthStateEvent>((emit) => {
    let unsubscribe: (() => void) | null = null;
    let closed = false;
    void Promise.all([authSdk(), firebaseAuth()]).then(([sdk, auth]) => {
      if (closed) return;
      unsubscribe = sdk.onAuthStateChanged(auth, (user) => emit({ user: user ? toPublicUser(user) : null }));
    });
    return () => {
      closed = true;
      unsubscribe?.();
    };
  });
}
