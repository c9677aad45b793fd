import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { armKey, type OrderArm } from '../../shared/offers/experiment';
import type { DayRollups } from '../overview/dailyStats';
import type { TransactionRecord } from '../orders/orderRules';
import { writeMove } from '../ledger/gemLedger';
import { moveEffects } from '../ledger/moveEffects';

/** experiment_players/{offerId}~{uid}: when the player was first shown their arm. */
export interface ExperimentPlayer extends OrderArm {
  uid: string;
  at: number;
}

/**
 * Offers tailored to a player (docs/payments.md, Offers measured against a holdout): whether they opted out, each
 * player's first sight of an experiment's arm (counted once, in the day's shards), and an experiment's orders for its
 * result. Firestore in the store; maps in unit tests.
 */
export interface TailoringRepository {
  optedOut(uid: string): Promise<boolean>;
  setOptedOut(uid: string, optedOut: boolean, at: number): Promise<void>;
  /** Records that the player was shown their arm: once per player and experiment, with one more exposed in the day's counts. */
  expose(uid: string, arm: OrderArm, at: number): Promise<void>;
  /** The orders made in the experiment's arms (transactions/{id}.experiments), for its buyers and their money. */
  ordersOf(experimentId: string, arms: readonly string[]): Promise<TransactionRecord[]>;
}

/** What a first sight adds to its day: one exposed player in the arm. */
export const exposureDayCounts = ({ experimentId, arm }: OrderArm) => ({ experimentExposed: { [armKey(experimentId, arm)]: 1 } });

export const experimentPlayerId = (experimentId: string, uid: string) => `${experimentId}~${uid}`;

export function firestoreTailoring(db: Firestore, rollups: DayRollups): TailoringRepository {
  const preferences = db.collection(COLLECTIONS.offerPreferences);
  const players = db.collection(COLLECTIONS.experimentPlayers);
  return {
    async optedOut(uid) {
      return (await preferences.doc(uid).get()).get('optedOut') === true;
    },
    async setOptedOut(uid, optedOut, at) {
      await preferences.doc(uid).set({ optedOut, updatedAt: at });
    },
    async expose(uid, arm, at) {
      const ref = players.doc(experimentPlayerId(arm.experimentId, uid));
      // Read first: a player seen before (the common case) costs a read, not a failed write.
      if ((await ref.get()).exists) return;
      const batch = db.batch();
      batch.create(ref, { ...arm, uid, at } satisfies ExperimentPlayer);
      writeMove(db, batch, rollups, { at }, moveEffects({ day: exposureDayCounts(arm) }));
      // Two instances showing the same player at once: the second create fails, and counts nothing.
      await batch.commit().catch((error: { code?: number }) => {
        if (error.code !== 6) throw error; // 6: ALREADY_EXISTS
      });
    },
    async ordersOf(experimentId, arms) {
      // The order keeps its arms as maps; one query asks for any of this experiment's (Firestore takes up to 30).
      const wanted = arms.slice(0, 30).map((arm) => ({ experimentId, arm }));
      if (wanted.length === 0) return [];
      return (await db.collection(COLLECTIONS.transactions).where('experiments', 'array-contains-any', wanted).get()).docs.map((doc) => doc.data() as TransactionRecord);
    },
  };
}
