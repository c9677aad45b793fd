import crypto from 'node:crypto';
import type { DocumentData, DocumentSnapshot, QueryDocumentSnapshot, QuerySnapshot } from 'firebase-admin/firestore';
import { mapWithConcurrency } from '../lib/mapWithConcurrency';
import { isLostRace } from './commitIfUnchanged';

/**
 * How many due documents one round reads (a query's cost grows with what it scans: few large rounds), how many of
 * them one commit claims (a commit that loses a race to another instance loses no more than that), how many single
 * claims go at once when a batch lost a race, and how many rounds a call makes at most.
 */
const CLAIM_CHUNK = 1_000;
const CLAIM_BATCH = 250;
const CLAIM_CONCURRENCY = 32;
/** How many commits a batch of claims gets, each with the documents still unclaimed, before it claims them one at a time. */
const BATCH_ATTEMPTS = 4;
const MAX_CLAIM_ROUNDS = 1_000;

/** The fields a claim writes: a later due time, when the claim lapses, and (optionally) who holds it and what it counts. */
export type Lease = Record<string, number | string>;

/** A document as its claim left it: as read, with the lease's fields. */
export interface Claimed {
  id: string;
  data: DocumentData;
}

export interface ClaimOptions {
  /** The next `chunk` due documents, oldest due first. The lease must move a claimed document out of this query. */
  due: (chunk: number) => Promise<QuerySnapshot>;
  /** The lease: the same for every document, or worked out from each as read. */
  lease: Lease | ((data: DocumentData) => Lease);
  limit: number;
}

/**
 * Claims up to `limit` due documents for this instance. Each claim is a write that holds only if the
 * document is as it was read (no transaction, so no locks that a storm of writers would queue behind): a
 * document another instance claimed or settled meanwhile fails the precondition and is left to it, so N
 * instances split the work, and a crashed instance's claims lapse when their lease ends. A round's claims go in
 * batches of 250, one commit each (a launch's backlog of 10,000 orders is claimed in seconds, not a commit a
 * claim), the batches in an order of the call's own, so instances that read the same round at once mostly claim
 * different parts of it: see claimBatch. (A BulkWriter would claim them apart in one go, but the emulator can leave
 * two instances' overlapping BulkWriters waiting on each other for good.)
 */
export async function claimDue({ due, lease, limit }: ClaimOptions): Promise<Claimed[]> {
  const leaseOf = typeof lease === 'function' ? lease : () => lease;
  const claimed: Claimed[] = [];
  for (let round = 0; round < MAX_CLAIM_ROUNDS && claimed.length < limit; round += 1) {
    const chunk = Math.min(CLAIM_CHUNK, limit - claimed.length);
    const snapshot = await due(chunk);
    if (snapshot.empty) break;
    let stale = false;
    // The batches in an order of this call's own: instances that collided once do not go on in step.
    for (const batch of shuffled(Math.ceil(snapshot.docs.length / CLAIM_BATCH))) {
      const outcome = await claimBatch(snapshot.docs.slice(batch * CLAIM_BATCH, (batch + 1) * CLAIM_BATCH), leaseOf);
      claimed.push(...outcome.claimed);
      // Another instance took a whole batch of this read: it read the same round, so read again rather than lose the rest.
      stale = outcome.takenByOthers;
      if (stale) break;
    }
    if (!stale && snapshot.size < chunk) break;
  }
  return claimed;
}

/** 0 … count − 1 in a random order (Fisher–Yates). */
function shuffled(count: number): number[] {
  const order = Array.from({ length: count }, (_unused, index) => index);
  for (let index = count - 1; index > 0; index -= 1) {
    const other = crypto.randomInt(index + 1);
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
}

/**
 * Claims `docs` as read, in one commit; when another instance took one of them first, reads them again and claims, in
 * one commit, those still as they were (a few times, then one at a time): racing instances split a backlog in a few
 * commits, not one a document. Answers too whether another instance had taken the whole batch.
 */
async function claimBatch(docs: QueryDocumentSnapshot[], leaseOf: (data: DocumentData) => Lease): Promise<{ claimed: Claimed[]; takenByOthers: boolean }> {
  const db = docs[0]!.ref.firestore;
  const commitClaims = async (open: DocumentSnapshot[]) => {
    const batch = db.batch();
    const claims = open.map((doc) => {
      const lease = leaseOf(doc.data()!);
      batch.update(doc.ref, lease, { lastUpdateTime: doc.updateTime! });
      return { id: doc.id, data: { ...doc.data(), ...lease } };
    });
    await batch.commit();
    return claims;
  };
  let open: DocumentSnapshot[] = docs;
  for (let attempt = 0; attempt < BATCH_ATTEMPTS && open.length > 0; attempt += 1) {
    try {
      return { claimed: await commitClaims(open), takenByOthers: false };
    } catch (error) {
      if (!isLostRace(error)) throw error;
    }
    const read = new Map(open.map((doc) => [doc.id, doc.updateTime!]));
    open = (await db.getAll(...open.map((doc) => doc.ref))).filter((doc) => doc.exists && read.get(doc.id)!.isEqual(doc.updateTime!));
    if (attempt === 0 && open.length === 0) return { claimed: [], takenByOthers: true };
  }
  const attempts = await mapWithConcurrency(open, CLAIM_CONCURRENCY, async (doc) => (await commitClaims([doc]))[0]!);
  const claimed: Claimed[] = [];
  for (const attempt of attempts) {
    if (attempt.status === 'fulfilled') claimed.push(attempt.value);
    else if (!isLostRace(attempt.reason)) throw attempt.reason;
  }
  return { claimed, takenByOthers: false };
}
