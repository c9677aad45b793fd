import type { Settings } from '../config/settings';
import type { Logger } from '../lib/logger';
import { mapWithConcurrency } from '../lib/mapWithConcurrency';
import { onePassAtATime, repeatPasses } from '../lib/onePassAtATime';
import type { Mailer } from './mailer';
import type { MailOutbox, NoMail, OutboxEntry } from './outbox';
import type { MailMessage } from './mailLayout';
import { backoffDelay } from '../lib/backoff';

export interface MailDeps {
  settings: Settings;
  outbox: MailOutbox;
  mailer: Mailer;
  /**
   * Writes the email an entry owes from what it is about, as that stands now: null when there is nothing to write it
   * from (tried again, then failed), NoMail when nothing is owed after all.
   */
  compose: (entry: OutboxEntry) => Promise<MailMessage | NoMail | null>;
  log: Logger;
}

/** How many owed emails one pass claims, how many it sends at once, how long a claim lasts, how often one is tried. */
const BATCH = 100;
const CONCURRENCY = 4;
const LEASE_MS = 60_000;
export const MAX_MAIL_ATTEMPTS = 8;

/** The wait after the `attempts`-th failed try: 30 s, doubling, at most an hour. */
export function mailRetryDelay(attempts: number): number {
  return backoffDelay(30_000, attempts - 1, { maxMs: 3_600_000 });
}

export interface DispatchResult {
  claimed: number;
  sent: number;
  failed: number;
}

/**
 * One pass over the outbox: claim the due emails (a lease, so instances split them), write each from the
 * order as it stands, send it, and mark it sent; a failed send is tried again with backoff, and given up
 * (status failed, logged as an error for an operator) after MAX_MAIL_ATTEMPTS. A crash between sending and
 * marking can send one email twice; its Message-ID is the same both times.
 */
export async function dispatchMailOnce(deps: MailDeps, now: number = Date.now()): Promise<DispatchResult> {
  const claimed = await deps.outbox.claimDue(now, BATCH, LEASE_MS);
  const outcomes = await mapWithConcurrency(claimed, CONCURRENCY, (entry) => sendOne(deps, entry));
  return {
    claimed: claimed.length,
    sent: outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value).length,
    failed: outcomes.filter((outcome) => outcome.status !== 'fulfilled' || !outcome.value).length,
  };
}

async function sendOne(deps: MailDeps, entry: OutboxEntry): Promise<boolean> {
  const { orderId, kind } = entry;
  try {
    const message = await deps.compose(entry);
    if (!message) throw new Error(`nothing to write a ${kind} email from`);
    if ('noMail' in message) {
      await deps.outbox.markSkipped(entry.id, Date.now(), message.noMail);
      deps.log.info({ event: 'mail.skipped', orderId, kind, reason: message.noMail });
      return true;
    }
    await deps.mailer.send(entry.id, message);
    await deps.outbox.markSent(entry.id, Date.now());
    deps.log.info({ event: 'mail.sent', orderId, kind });
    return true;
  } catch (error) {
    const attempts = entry.attempts + 1;
    const failed = attempts >= MAX_MAIL_ATTEMPTS;
    const reason = (error as Error).message;
    deps.log[failed ? 'error' : 'warn']({ event: failed ? 'mail.failed' : 'mail.retry', orderId, kind, attempts, reason });
    await deps.outbox.markAttemptFailed(entry.id, { attempts, nextAttemptAt: Date.now() + mailRetryDelay(attempts), failed, error: reason });
    return false;
  }
}

/** One instance's mail dispatch, pass by pass (the timer's and the job endpoint's). */
export const mailRunner = (deps: MailDeps) => onePassAtATime(() => dispatchMailOnce(deps));

/** Sends the owed emails every MAIL_DISPATCH_INTERVAL_MS (never two passes at once here); answers a stop function. */
export const startMailDispatch = (runner: ReturnType<typeof mailRunner>, deps: MailDeps) =>
  repeatPasses(deps.settings.MAIL_DISPATCH_INTERVAL_MS, runner, deps.log, 'mail.dispatch_failed');
