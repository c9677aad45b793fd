import type { Firestore } from 'firebase-admin/firestore';
import { gemCountOf } from '../../shared/balance';
import { giftGemsSince, type GiftPlayerRecord } from '../../shared/dailyGift/dailyGift';
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
      return giftGemsSince((await db.collection(COLLECTIONS.dailyGiftPlayers).doc(uid).get()).data() as GiftPlayerRecord | undefined, at);
    },
  };
}
