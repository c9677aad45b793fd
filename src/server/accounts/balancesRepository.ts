import type { Firestore } from 'firebase-admin/firestore';
import { gemCountOf } from '../../shared/balance';
import { COLLECTIONS } from '../../shared/firestorePaths';

/** users/{uid}: the player's gem balance as the server reads it. Firestore in the store; a map in unit tests. */
export interface BalancesRepository {
  /** The player's gem balance (0 before their first credit). */
  balanceOf(uid: string): Promise<number>;
  /** The gems of the player's daily gifts claimed at or after `at` (ms): never counted as a purchase's unused gems. */
  giftGemsSince(uid: string, at: number): Promise<number>;
}

export function firestoreBalances(db: Firestore): BalancesRepository {
  return {
    async balanceOf(uid) {
      return gemCountOf((await db.collection(COLLECTIONS.users).doc(uid).get()).data());
    },
    async giftGemsSince(uid, at) {
      // The player's last claims, at most one a day, reach further back than the refund window.
      const recent = ((await db.collection(COLLECTIONS.dailyGiftPlayers).doc(uid).get()).get('recent') ?? []) as Array<{ gems: number; at: number }>;
      return recent.filter((claim) => claim.at >= at).reduce((sum, claim) => sum + claim.gems, 0);
    },
  };
}
