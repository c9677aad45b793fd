import { API_ROUTES, type PasswordResetRequest } from '../../../shared/api';
import { RESET_CODE_PARAM } from '../../../shared/routes';
import { apiRequest } from '../../lib/apiClient';
import { giveBirthDate as recordBirthDate } from '../../lib/protectionsApi';
import { callFirebase } from '../../lib/firebase';
import type { PublicUser } from './storedUser';

/** The calls of the sign-in page's sagas: sign in, create an account, reset a password. */

export function signInWithEmail(email: string, password: string): Promise<PublicUser> {
  return callFirebase('signIn', email, password);
}

/** The signed-in account's password given again, so the API can tell it was signed in just now (a deletion asks it). */
export async function confirmPassword(password: string): Promise<void> {
  await callFirebase('confirmPassword', password);
}

export function signUpWithEmail(email: string, password: string): Promise<PublicUser> {
  return callFirebase('signUp', email, password);
}

/** A new account's date of birth, to the store (never to Firebase); false when it did not arrive. */
export async function giveBirthDate(birthDate: string): Promise<boolean> {
  return recordBirthDate({ birthDate }).then(
    () => true,
    () => false,
  );
}

/** The store's API emails the link (through the store's own mail, not Firebase's). */
export async function sendPasswordReset(email: string): Promise<void> {
  await apiRequest('POST', API_ROUTES.passwordReset, { body: { email } satisfies PasswordResetRequest });
}

/** The reset link's one-time code, from the address bar of the page it opened. */
export function readResetCode(): string | null {
  return new URLSearchParams(window.location.search).get(RESET_CODE_PARAM);
}

/** Whose account the code resets; fails when it is used, expired or unknown. */
export function checkResetCode(code: string): Promise<string> {
  return callFirebase('checkResetCode', code);
}

export async function saveNewPassword(code: string, password: string): Promise<void> {
  await callFirebase('saveNewPassword', code, password);
}
