import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { SUPPORT_CLAIM } from '../../shared/supportRole';

/**
 * staff/{uid}: the server's own record of who is support staff, written and removed only by the role
 * command. The API and the Firestore rules want both the claim and this record, so a revoked member is out
 * at once, even while an ID token minted before the revocation is still unexpired.
 */
export interface StaffRecords {
  isStaff(uid: string): Promise<boolean>;
  record(uid: string, email: string, at: number): Promise<void>;
  remove(uid: string): Promise<void>;
}

export function firestoreStaffRecords(db: Firestore): StaffRecords {
  const staff = db.collection(COLLECTIONS.staff);
  return {
    async isStaff(uid) {
      return (await staff.doc(uid).get()).exists;
    },
    async record(uid, email, at) {
      await staff.doc(uid).set({ email, grantedAt: at });
    },
    async remove(uid) {
      await staff.doc(uid).delete();
    },
  };
}

/**
 * Grants or revokes the support role on the account with this email, keeping its other claims. A grant
 * reaches the staff member's next ID token (the console asks for a fresh one when it is refused). A revoke
 * takes effect at once: the staff record goes first (the rules and the API check it), then the claim, and
 * every refresh token of the account is revoked, so the API (which checks revocation) refuses the old ID
 * token and the session cannot mint a new one.
 */
export async function setSupportRole(auth: Auth, staff: StaffRecords, email: string, grant: boolean): Promise<{ uid: string; changed: boolean }> {
  const user = await auth.getUserByEmail(email);
  const claims = { ...(user.customClaims ?? {}) };
  const had = claims[SUPPORT_CLAIM] === true && (await staff.isStaff(user.uid));
  if (grant) {
    claims[SUPPORT_CLAIM] = true;
    await auth.setCustomUserClaims(user.uid, claims);
    await staff.record(user.uid, email, Date.now());
  } else {
    await staff.remove(user.uid);
    delete claims[SUPPORT_CLAIM];
    await auth.setCustomUserClaims(user.uid, claims);
    await auth.revokeRefreshTokens(user.uid);
  }
  return { uid: user.uid, changed: had !== grant };
}
