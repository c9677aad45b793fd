import type { Auth } from 'firebase-admin/auth';

/** The custom claim that makes an account support staff (the API and the Firestore rules check it). */
export const SUPPORT_CLAIM = 'support';

/**
 * Grants or revokes the support role on the account with this email, keeping its other claims. The change
 * reaches the staff member's next ID token (the console asks for a fresh one when it is refused).
 */
export async function setSupportRole(auth: Auth, email: string, grant: boolean): Promise<{ uid: string; changed: boolean }> {
  const user = await auth.getUserByEmail(email);
  const claims = { ...(user.customClaims ?? {}) };
  const had = claims[SUPPORT_CLAIM] === true;
  if (grant) claims[SUPPORT_CLAIM] = true;
  else delete claims[SUPPORT_CLAIM];
  if (had !== grant) await auth.setCustomUserClaims(user.uid, claims);
  return { uid: user.uid, changed: had !== grant };
}
