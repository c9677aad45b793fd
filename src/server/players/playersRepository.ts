import type { Firestore } from 'firebase-admin/firestore';
import { gemCountOf } from '../../shared/balance';
import { COLLECTIONS } from '../../shared/firestorePaths';

/** users/{uid}: what the server reads of a player. Firestore in the store; a map in unit tests. */
export interface PlayersRepository {
  /** The player's gem balance (0 before their first credit). */
  balanceOf(uid: string): Promise<number>;
}

export function firestorePlayers(db: Firestore): PlayersRepository {
  return {
    async balanceOf(uid) {
      return gemCountOf((await db.collection(COLLECTIONS.users).doc(uid).get()).data());
    },
  };
}
