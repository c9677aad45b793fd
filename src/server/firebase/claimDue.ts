import type { DocumentData, DocumentSnapshot, QueryDocumentSnapshot, QuerySnapshot } from 'firebase-admin/firestore';
import { mapWithConcurrency } from '../lib/mapWithConcurrency';
import { isLostRace } from './commitIfUnchanged';

/**
 * How many due documents one round reads (a query's cost grows with what it scans: few large rounds), how many of
 * them one commit claims (a batch holds 500 writes), how many single claims go at once when a batch lost a race, and
 * how many rounds a call makes at most.
 */
const CLAIM_CHUNK = 1_000;
const CLAIM_BATCH = 500;
const CLAIM_CONCURRENCY = 32;
/** How many commits a batch of claims gets, each with the documents still unclaimed, before it claims them one at a time. */
const BATCH_ATTEMPTS = 4;
const MAX_CLAIM_ROUNDS = 1_000;

export interface ClaimOptions {
  /** The next `chunk` due documents, oldest due first. The lease must move a claimed document out of this query. */
  due: (chunk: number) => Promise<QuerySnapshot>;
  /** The fields a claim writes: a later due time, when the claim lapses, and (optionally) who holds it. */
  lease: Record<string, number | string>;
  limit: number;
}

/**
 * Claims up to `limit` due documents for this instance. Each claim is a write that holds only if the
 * document is as it was read (no transaction, so no locks that a storm of writers would queue behind): a
 * document another instance claimed or settled meanwhile fails the precondition and is left to it, so N
 * instances split the work, and a crashed instance's claims lapse when their lease ends. A round's claims go in
 * batches of 500, one commit each (a launch's backlog of 10,000 orders is claimed in seconds, not a commit a
 * claim): see claimBatch. (A BulkWriter would claim them apart in one go, but the emulator can leave two
 * instances' overlapping BulkWriters waiting on each other for good.)
 */
export async function claimDue({ due, lease, limit }: ClaimOptions): Promise<Array<{ id: string; data: DocumentData }>> {
  const claimed: Array<{ id: string; data: DocumentData }> = [];
  for (let round = 0; round < MAX_CLAIM_ROUNDS && claimed.length < limit; round += 1) {
    const chunk = Math.min(CLAIM_CHUNK, limit - claimed.length);
    const snapshot = await due(chunk);
    if (snapshot.empty) break;
    for (let start = 0; start < snapshot.docs.length; start += CLAIM_BATCH) {
      claimed.push(...(await claimBatch(snapshot.docs.slice(start, start + CLAIM_BATCH), lease)));
    }
    if (snapshot.size < chunk) break;
  }
  return claimed;
}

/**
 * Claims `docs` as read, in one commit; when another instance took one of them first, reads them again and claims, in
 * one commit, those still as they were (a few times, then one at a time): racing instances split a backlog in a few
 * commits, not one a document.
 */
async function claimBatch(docs: QueryDocumentSnapshot[], lease: ClaimOptions['lease']): Promise<Array<{ id: string; data: DocumentData }>> {
  const claimOf = (doc: DocumentSnapshot) => ({ id: doc.id, data: { ...doc.data(), ...lease } });
  const db = docs[0]!.ref.firestore;
  let open: DocumentSnapshot[] = docs;
  for (let attempt = 0; attempt < BATCH_ATTEMPTS && open.length > 0; attempt += 1) {
    const batch = db.batch();
    for (const doc of open) batch.update(doc.ref, lease, { lastUpdateTime: doc.updateTime! });
    try {
      await batch.commit();
      return open.map(claimOf);
    } catch (error) {
      if (!isLostRace(error)) throw error;
    }
    const read = new Map(open.map((doc) => [doc.id, doc.updateTime!]));
    open = (await db.getAll(...open.map((doc) => doc.ref))).filter((doc) => doc.exists && read.get(doc.id)!.isEqual(doc.updateTime!));
  }
  const attempts = await mapWithConcurrency(open, CLAIM_CONCURRENCY, async (doc) => {
    await doc.ref.update(lease, { lastUpdateTime: doc.updateTime! });
    return claimOf(doc);
  });
  const claimed: Array<{ id: string; data: DocumentData }> = [];
  for (const attempt of attempts) {
    if (attempt.status === 'fulfilled') claimed.push(attempt.value);
    else if (!isLostRace(attempt.reason)) throw attempt.reason;
  }
  return claimed;
}
