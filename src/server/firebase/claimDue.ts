import type { DocumentData, QuerySnapshot } from 'firebase-admin/firestore';
import { mapWithConcurrency } from '../lib/mapWithConcurrency';
import { isLostRace } from './commitIfUnchanged';

/** How many due documents one round reads, how many claims it writes at once, and how many rounds a call makes at most. */
const CLAIM_CHUNK = 100;
const CLAIM_CONCURRENCY = 16;
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
 * instances split the work, and a crashed instance's claims lapse when their lease ends.
 */
export async function claimDue({ due, lease, limit }: ClaimOptions): Promise<Array<{ id: string; data: DocumentData }>> {
  const claimed: Array<{ id: string; data: DocumentData }> = [];
  for (let round = 0; round < MAX_CLAIM_ROUNDS && claimed.length < limit; round += 1) {
    const chunk = Math.min(CLAIM_CHUNK, limit - claimed.length);
    const snapshot = await due(chunk);
    if (snapshot.empty) break;
    const attempts = await mapWithConcurrency(snapshot.docs, CLAIM_CONCURRENCY, async (doc) => {
      await doc.ref.update(lease, { lastUpdateTime: doc.updateTime });
      return { id: doc.id, data: { ...doc.data(), ...lease } };
    });
    for (const attempt of attempts) {
      if (attempt.status === 'fulfilled') claimed.push(attempt.value);
      else if (!isLostRace(attempt.reason)) throw attempt.reason;
    }
    if (snapshot.size < chunk) break;
  }
  return claimed;
}
