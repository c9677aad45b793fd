import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { claimDue } from '../firebase/claimDue';
import { commitIfUnchanged } from '../firebase/commitIfUnchanged';
import type { GameEventRecord, GameEventStatus, GameEventTry } from '../gameEvents/gameEventRecords';

/** What the health view and /api/metrics show of delivery. */
export interface DeliveryFigures {
  pending: number;
  attention: number;
  /** When the oldest event not yet taken by the game was made (ms); null when none waits. */
  oldestUndeliveredAt: number | null;
}

/** A try's result as kept: the event's new status, when it is tried next, and why it stopped, if it did. */
export interface TryRecord {
  status: GameEventStatus;
  tried: GameEventTry;
  tries: GameEventTry[];
  attempts: number;
  nextAttemptAt: number;
  deliveredAt?: number;
  why?: string;
}

/** Support's Resend: the event due again, or none by that id, or one not waiting for support. */
export type ResendOutcome = { resent: GameEventRecord } | { refused: 'unknown' | 'notWaiting' };

/** Where the game's events are kept. Firestore in the store; a list in unit tests. */
export interface GameEventsRepository {
  /** Claims up to `limit` pending events due at `now`, for `leaseMs`, so instances never send one at once. */
  claimDue(now: number, limit: number, leaseMs: number): Promise<GameEventRecord[]>;
  /** Records a try of a claimed event, only while this claim holds it (`leaseUntil` as claimed): false when it lapsed. */
  recordTry(event: GameEventRecord, result: TryRecord): Promise<boolean>;
  /** Puts a claimed event back, untried, due again at `until` (an earlier event of its order goes first); likewise only while the claim holds. */
  postpone(event: GameEventRecord, until: number): Promise<boolean>;
  ofOrder(orderId: string): Promise<GameEventRecord[]>;
  /** Events by id (the nightly check of the books: each entry's event); an id with no event is absent from the map. */
  findMany(ids: readonly string[]): Promise<Map<string, GameEventRecord>>;
  /** Events waiting for support, oldest first. */
  needingAttention(limit: number): Promise<GameEventRecord[]>;
  /** Support's Resend: an event waiting for support is due again, and tried for another GAME_WEBHOOK_GIVE_UP_MS; else why not. */
  resend(eventId: string, at: number): Promise<ResendOutcome>;
  figures(): Promise<DeliveryFigures>;
}

export function firestoreGameEvents(db: Firestore): GameEventsRepository {
  const events = db.collection(COLLECTIONS.gameEvents);
  const records = (snapshot: FirebaseFirestore.QuerySnapshot) => snapshot.docs.map((doc) => doc.data() as GameEventRecord);
  const count = async (query: FirebaseFirestore.Query) => (await query.count().get()).data().count;
  return {
    async claimDue(now, limit, leaseMs) {
      const claimed = await claimDue({
        due: (chunk) => events.where('status', '==', 'pending').where('nextAttemptAt', '<=', now).orderBy('nextAttemptAt').limit(chunk).get(),
        lease: { nextAttemptAt: now + leaseMs, leaseUntil: now + leaseMs },
        limit,
      });
      return claimed.map(({ data }) => data as GameEventRecord);
    },

    recordTry(event, result) {
      const ref = events.doc(event.id);
      return commitIfUnchanged(db, [ref], ([snapshot]) => {
        const stored = snapshot!.data() as GameEventRecord | undefined;
        // Another instance took it over after this claim lapsed: its try is the one on the record.
        if (!stored || stored.leaseUntil !== event.leaseUntil || stored.status !== 'pending') return { result: false };
        const { tried: _tried, ...fields } = result;
        return { result: true, writes: (batch, guard) => batch.update(ref, { ...fields, leaseUntil: 0 }, guard(snapshot!)) };
      });
    },

    postpone(event, until) {
      const ref = events.doc(event.id);
      return commitIfUnchanged(db, [ref], ([snapshot]) => {
        const stored = snapshot!.data() as GameEventRecord | undefined;
        if (!stored || stored.leaseUntil !== event.leaseUntil || stored.status !== 'pending') return { result: false };
        return { result: true, writes: (batch, guard) => batch.update(ref, { nextAttemptAt: until, leaseUntil: 0 }, guard(snapshot!)) };
      });
    },

    async ofOrder(orderId) {
      return records(await events.where('orderId', '==', orderId).orderBy('createdAt').get());
    },

    async findMany(ids) {
      const unique = [...new Set(ids)];
      const found = new Map<string, GameEventRecord>();
      // getAll a few hundred at a time: one read each, in as few round trips.
      for (let start = 0; start < unique.length; start += 300) {
        const snapshots = await db.getAll(...unique.slice(start, start + 300).map((id) => events.doc(id)));
        for (const snapshot of snapshots) if (snapshot.exists) found.set(snapshot.id, snapshot.data() as GameEventRecord);
      }
      return found;
    },

    async needingAttention(limit) {
      return records(await events.where('status', '==', 'attention').orderBy('createdAt').limit(limit).get());
    },

    resend(eventId, at) {
      const ref = events.doc(eventId);
      return commitIfUnchanged<ResendOutcome>(db, [ref], ([snapshot]) => {
        const stored = snapshot!.data() as GameEventRecord | undefined;
        if (!stored) return { result: { refused: 'unknown' as const } };
        if (stored.status !== 'attention') return { result: { refused: 'notWaiting' as const } };
        const resent: Partial<GameEventRecord> = { status: 'pending', nextAttemptAt: at, triesFrom: at, leaseUntil: 0 };
        return { result: { resent: { ...stored, ...resent } }, writes: (batch, guard) => batch.update(ref, resent, guard(snapshot!)) };
      });
    },

    async figures() {
      const [pending, attention, oldest] = await Promise.all([
        count(events.where('status', '==', 'pending')),
        count(events.where('status', '==', 'attention')),
        events.where('status', 'in', ['pending', 'attention']).orderBy('createdAt').limit(1).get(),
      ]);
      const first = oldest.docs[0]?.data() as GameEventRecord | undefined;
      return { pending, attention, oldestUndeliveredAt: first?.createdAt ?? null };
    },
  };
}
