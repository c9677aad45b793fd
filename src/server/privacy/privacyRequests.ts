import crypto from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { DAY_MS } from '../../shared/wallTime';
import { deletionDueAt, type DeletionWait, type PrivacyRequestView } from '../../shared/privacy/privacy';

/**
 * privacy_requests/{id}: a request about a player's data, as kept (shared/privacy): its view less what is worked out when
 * it is read (the clock, what holds it now), and the staff member who recorded or carried it out. The email is kept only
 * while it is open (support's queue; the deletion's email goes to it).
 */
export type PrivacyRequestRecord = Omit<PrivacyRequestView, 'dueAt' | 'waitingFor'> & { staffUid: string | null };

/** One open deletion per account: its id is the account's, so a second request is the same one. */
export const deletionRequestId = (uid: string) => `deletion-${uid}`;
const archiveRequestId = (uid: string, at: number) => `archive-${uid}-${at}-${crypto.randomBytes(3).toString('hex')}`;

const newestFirst = (records: PrivacyRequestRecord[]) => records.sort((a, b) => b.requestedAt - a.requestedAt);

/** How many archives of these requests were made after `since`. */
export const archivesSince = (requests: readonly PrivacyRequestRecord[], since: number) => requests.filter((request) => request.kind === 'archive' && request.requestedAt > since).length;

export const toPrivacyRequestView = (record: PrivacyRequestRecord, waitingFor: DeletionWait[] = []): PrivacyRequestView => ({
  id: record.id,
  kind: record.kind,
  uid: record.uid,
  state: record.state,
  by: record.by,
  requestedAt: record.requestedAt,
  dueAt: deletionDueAt(record.requestedAt),
  doneAt: record.doneAt,
  email: record.email,
  waitingFor: record.state === 'open' ? waitingFor : [],
  note: record.note,
});

export interface PrivacyRequests {
  /**
   * Records an archive made for the account (by the player, or by support for them), unless `perDay` were made in the
   * 24 hours before `at`: null then. Counted and written in one transaction, so racing downloads on any instance
   * never pass the day's number. Answers the account's requests with it, newest first.
   */
  recordArchive(uid: string, by: 'player' | 'support', at: number, staff: { uid: string; note: string } | null, perDay: number): Promise<PrivacyRequestRecord[] | null>;
  /** The account's requests, newest first. */
  ofPlayer(uid: string): Promise<PrivacyRequestRecord[]>;
  find(id: string): Promise<PrivacyRequestRecord | null>;
  /** Opens the account's deletion (the one already open stands, its clock unchanged). */
  openDeletion(record: Omit<PrivacyRequestRecord, 'id' | 'kind' | 'state' | 'doneAt'>): Promise<PrivacyRequestRecord>;
  /** The player withdraws their open deletion; false when none was open. */
  cancelDeletion(uid: string, at: number): Promise<boolean>;
  /** Every request, for support's queue: the open ones, and the latest others. */
  queue(limit: number): Promise<PrivacyRequestRecord[]>;
}

export function firestorePrivacyRequests(db: Firestore): PrivacyRequests {
  const requests = db.collection(COLLECTIONS.privacyRequests);
  const read = (data: unknown) => data as PrivacyRequestRecord;
  return {
    recordArchive(uid, by, at, staff, perDay) {
      const id = archiveRequestId(uid, at);
      const record: PrivacyRequestRecord = { id, kind: 'archive', uid, state: 'done', by, requestedAt: at, doneAt: at, email: null, staffUid: staff?.uid ?? null, note: staff?.note ?? null };
      return db.runTransaction(async (transaction) => {
        const mine = (await transaction.get(requests.where('uid', '==', uid))).docs.map((doc) => read(doc.data()));
        if (archivesSince(mine, at - DAY_MS) >= perDay) return null;
        transaction.create(requests.doc(id), record);
        return newestFirst([record, ...mine]);
      });
    },
    async ofPlayer(uid) {
      return newestFirst((await requests.where('uid', '==', uid).get()).docs.map((doc) => read(doc.data())));
    },
    async find(id) {
      const snapshot = await requests.doc(id).get();
      return snapshot.exists ? read(snapshot.data()) : null;
    },
    openDeletion(asked) {
      const ref = requests.doc(deletionRequestId(asked.uid));
      return db.runTransaction(async (transaction) => {
        const current = (await transaction.get(ref)).data() as PrivacyRequestRecord | undefined;
        if (current?.state === 'open' || current?.state === 'done') return current;
        const record: PrivacyRequestRecord = { ...asked, id: ref.id, kind: 'deletion', state: 'open', doneAt: null };
        transaction.set(ref, record);
        return record;
      });
    },
    cancelDeletion(uid, at) {
      const ref = requests.doc(deletionRequestId(uid));
      return db.runTransaction(async (transaction) => {
        const current = (await transaction.get(ref)).data() as PrivacyRequestRecord | undefined;
        if (current?.state !== 'open') return false;
        transaction.update(ref, { state: 'cancelled', doneAt: at, email: null });
        return true;
      });
    },
    async queue(limit) {
      const [open, latest] = await Promise.all([requests.where('state', '==', 'open').get(), requests.orderBy('requestedAt', 'desc').limit(limit).get()]);
      const byId = new Map([...open.docs, ...latest.docs].map((doc) => [doc.id, read(doc.data())]));
      return [...byId.values()];
    },
  };
}
