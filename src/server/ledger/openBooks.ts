import { mapWithConcurrency } from '../lib/mapWithConcurrency';
import type { LedgerRepository, OpeningOutcome } from './ledgerRepository';

/** Players opened at once, and read a page at a time. */
const CONCURRENCY = 8;
const PAGE = 300;

/** What opening every player's books did: how many of each outcome. */
export type OpeningTally = Record<OpeningOutcome, number>;

/**
 * The migration to the ledger: every player's gems from before it become their opening entry, once (a player opened
 * already, by this or by their first move since, is left alone), so running it again changes nothing. Pages through
 * users/ by uid.
 */
export async function openAllBooks(ledger: LedgerRepository, at: number, onPage: (tally: OpeningTally) => void = () => undefined): Promise<OpeningTally> {
  const tally: OpeningTally = { opened: 0, 'nothing held': 0, 'open already': 0 };
  let after: string | null = null;
  for (;;) {
    const uids = await ledger.playersAfter(after, PAGE);
    if (uids.length === 0) return tally;
    const outcomes = await mapWithConcurrency(uids, CONCURRENCY, (uid) => ledger.openBooks(uid, at));
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') throw outcome.reason;
      tally[outcome.value] += 1;
    }
    onPage(tally);
    after = uids.at(-1)!;
  }
}
