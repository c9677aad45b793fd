import { firebaseAuth } from '../../lib/firebase';
import { authSdk, toPublicUser } from './authService';
import type { PublicUser } from './storedUser';

/** The Firebase Auth calls of the sign-in page's sagas: sign in, create an account, send a password reset. */

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

export async function sendPasswordReset(email: string): Promise<void> {
  const [sdk, auth] = await Promise.all([authSdk(), firebaseAuth()]);
  await sdk.sendPasswordResetEmail(auth, email);
}
