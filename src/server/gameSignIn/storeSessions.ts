import { Timestamp, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { isActiveSession, type StoreSessionEnd, type StoreSessionRecord, type StoreSessionView } from '../../shared/gameSignIn/storeSessions';
import { commitIfUnchanged } from '../firebase/commitIfUnchanged';

export type { StoreSessionRecord };

/** Ended and expired sessions go from Firestore by its TTL policy on this field, a month after they end. */
export const STORE_SESSION_EXPIRY_FIELD = 'deleteAt';
const KEPT_AFTER_END_MS = 30 * 86_400_000;

/** How many sessions of one account the game is shown (newest first): more than any player has. */
const LISTED = 100;

export const toStoreSessionView = ({ sessionId, startedOn, startedIn, createdAt, expiresAt, personalData, endedAt, endedBy }: StoreSessionRecord): StoreSessionView => ({
  sessionId,
  startedOn,
  startedIn,
  createdAt,
  expiresAt,
  personalData,
  endedAt,
  endedBy,
});

/** store_sessions in Firestore; a map in unit tests. */
export interface StoreSessions {
  find(sessionUid: string): Promise<StoreSessionRecord | null>;
  /** The game account's sessions, newest first. */
  listFor(player: string): Promise<StoreSessionRecord[]>;
  /** Records the game's confirmation that the session may reach the account's personal data; false when it no longer acts for `player`. */
  confirmPersonalData(sessionUid: string, player: string, now: number): Promise<boolean>;
  /** Ends the account's sessions still acting (one, or all): answers those it ended. */
  end(player: string, sessionUid: string | null, by: StoreSessionEnd, now: number): Promise<string[]>;
}

/** A new session's record, written in the commit that redeems its code (linkRepository.redeem). */
export function recordStoreSession(db: Firestore, batch: WriteBatch, record: StoreSessionRecord): void {
  batch.create(db.collection(COLLECTIONS.storeSessions).doc(record.sessionId), { ...record, [STORE_SESSION_EXPIRY_FIELD]: Timestamp.fromMillis(record.expiresAt + KEPT_AFTER_END_MS) });
}

export function firestoreStoreSessions(db: Firestore): StoreSessions {
  const sessions = db.collection(COLLECTIONS.storeSessions);
  const recordOf = (data: unknown) => (data as StoreSessionRecord | undefined) ?? null;
  const find = async (sessionUid: string) => recordOf((await sessions.doc(sessionUid).get()).data());
  const listFor = async (player: string) =>
    (await sessions.where('player', '==', player).orderBy('createdAt', 'desc').limit(LISTED).get()).docs.map((doc) => doc.data() as StoreSessionRecord);
  return {
    find,
    listFor,
    async confirmPersonalData(sessionUid, player, now) {
      const ref = sessions.doc(sessionUid);
      return commitIfUnchanged(db, [ref], ([snapshot]) => {
        if (!isActiveSession(recordOf(snapshot!.data()), player, now)) return { result: false };
        return { result: true, writes: (batch, guard) => batch.update(ref, { personalData: true, personalDataAt: now }, guard(snapshot!)) };
      });
    },
    async end(player, sessionUid, by, now) {
      const active = (sessionUid ? [await find(sessionUid)] : await listFor(player)).filter((record) => isActiveSession(record, player, now));
      if (active.length === 0) return [];
      const batch = db.batch();
      const ended = { endedAt: now, endedBy: by, [STORE_SESSION_EXPIRY_FIELD]: Timestamp.fromMillis(now + KEPT_AFTER_END_MS) };
      for (const record of active) batch.update(sessions.doc(record.sessionId), ended);
      await batch.commit();
      return active.map((record) => record.sessionId);
    },
  };
}
