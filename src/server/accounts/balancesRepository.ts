import type { Firestore } from 'firebase-admin/firestore';
import { gemCountOf } from '../../shared/balance';
import { COLLECTIONS } from '../../shared/firestorePaths';

/** users/{uid}: the player's gem balance as the server reads it. Firestore in the store; a map in unit tests. */
export interface BalancesRepository {
  /** The player's gem balance (0 before their first credit). */
  balanceOf(uid: string): Promise<number>;
}

export function firestoreBalances(db: Firestore): BalancesRepository {
  return {
    async balanceOf(uid) {
      return gemCountOf((await db.collection(COLLECTIONS.users).doc(uid).get()).data());
    },
  };
}
