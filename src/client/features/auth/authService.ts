import type { User } from 'firebase/auth';
import { eventChannel, type EventChannel } from 'redux-saga';
import { firebaseAuth } from '../../lib/firebase';
import type { PublicUser } from './storedUser';

/** The few Firebase Auth calls the sagas make, each a plain async function they reach through call(). */

const authSdk = () => import(/* webpackChunkName: "firebase-auth" */ 'firebase/auth');

export function toPublicUser(user: User): PublicUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName, emailVerified: user.emailVerified };
}

export async function signInWithEmail(email: string, password: string): Promise<PublicUser> {
  const [sdk, auth] = await Promise.all([authSdk(), firebaseAuth()]);
  const { user } = await sdk.signInWithEmailAndPassword(auth, email, password);
  return toPublicUser(user);
}

export async function signUpWithEmail(email: string, password: string): Promise<PublicUser> {
  const [sdk, auth] = await Promise.all([authSdk(), firebaseAuth()]);
  const { user } = await sdk.createUserWithEmailAndPassword(auth, email, password);
  return toPublicUser(user);
}

export async function signOutOfFirebase(): Promise<void> {
  const [sdk, auth] = await Promise.all([authSdk(), firebaseAuth()]);
  await sdk.signOut(auth);
}

export async function sendPasswordReset(email: string): Promise<void> {
  const [sdk, auth] = await Promise.all([authSdk(), firebaseAuth()]);
  await sdk.sendPasswordResetEmail(auth, email);
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
