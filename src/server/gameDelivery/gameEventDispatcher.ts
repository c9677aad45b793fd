import { signedJsonHeaders } from '../../shared/signedRequest';
import { gameWebhookUrl, type Settings } from '../config/settings';
import type { GameEventRecord } from '../gameEvents/gameEventRecords';
import type { Logger } from '../lib/logger';
import { mapWithConcurrency } from '../lib/mapWithConcurrency';
import { onePassAtATime, repeatPasses } from '../lib/onePassAtATime';
import { heldBackBy, inOrderSequence, mayBeDeclined, outcomeOf, retryDelay, withTry, type TryOutcome } from './deliveryRules';
import type { GameEventsRepository, TryRecord } from './gameEventsRepository';

export interface DeliveryDeps {
  settings: Settings;
  gameEvents: GameEventsRepository;
  /** The game declined a credit: the store refunds the order (refunds/declinedCredit): under way, or why not. */
  declined: (event: GameEventRecord, reason: string) => Promise<{ refunding: boolean; detail: string }>;
  log: Logger;
}

/** How many events one pass claims, and how many it sends at once. */
const BATCH = 100;
const CONCURRENCY = 8;

export interface DeliveryPassResult {
  claimed: number;
  delivered: number;
  declined: number;
  failed: number;
  /** Put back untried: an earlier event of the same order had not been taken yet. */
  held: number;
}

/** One signed POST of an event, as Standard Webhooks has it: the id, the time of this try, the signature of both and the body. */
export async function postEvent(settings: Settings, url: string, event: GameEventRecord, now: Date = new Date()): Promise<TryOutcome> {
  const body = JSON.stringify(event.body);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: signedJsonHeaders(settings.GAME_WEBHOOK_SECRET, event.id, body, now),
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(settings.GAME_WEBHOOK_TIMEOUT_MS),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: only a 409 with JSON declines.
    }
    return outcomeOf(response.status, parsed);
  } catch (error) {
    const name = (error as Error).name;
    return { failed: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : `refused: ${((error as Error).cause as Error | undefined)?.message ?? (error as Error).message}`.slice(0, 120) };
  }
}

const GIFT_NOT_REFUNDED = { refunding: false, detail: 'a free daily gift, never paid for' } as const;

/** What a try's outcome makes of the event: delivered, declined, tried again later, or left for support. */
export function afterTry(settings: Settings, event: GameEventRecord, outcome: TryOutcome, at: number, random: () => number = Math.random): TryRecord {
  const attempts = event.attempts + 1;
  const answer = 'delivered' in outcome ? '2xx' : 'declined' in outcome ? `409 declined: ${outcome.declined}` : outcome.failed;
  const tried = { at, answer };
  const base = { tried, tries: withTry(event, tried), attempts };
  if ('delivered' in outcome) return { ...base, status: 'delivered', nextAttemptAt: at, deliveredAt: at };
  if ('declined' in outcome && mayBeDeclined(event.body.type)) return { ...base, status: 'declined', nextAttemptAt: at, why: outcome.declined };
  const next = at + retryDelay(attempts, settings.GAME_WEBHOOK_RETRY_FIRST_MS, random);
  if ('declined' in outcome) return { ...base, status: 'attention', nextAttemptAt: next, why: `the game refused a take-back: ${outcome.declined}` };
  if (next > event.triesFrom + settings.GAME_WEBHOOK_GIVE_UP_MS) return { ...base, status: 'attention', nextAttemptAt: next, why: `undelivered after ${attempts} tries; the last: ${outcome.failed}` };
  return { ...base, status: 'pending', nextAttemptAt: next };
}

/**
 * One pass over the game's events: claim the due ones (a lease longer than a try, so no two instances send one at
 * once), POST each in its order's turn (an order's events reach the game in the order they were made), and record
 * what came back. A crash between a POST and its record sends that event again after
 * the lease, with the same id, which the game deduplicates. A declined credit goes to the refund path.
 */
export async function dispatchGameEventsOnce(deps: DeliveryDeps, now: number = Date.now()): Promise<DeliveryPassResult> {
  const url = gameWebhookUrl(deps.settings);
  const result: DeliveryPassResult = { claimed: 0, delivered: 0, declined: 0, failed: 0, held: 0 };
  if (!url) return result;
  const leaseMs = deps.settings.GAME_WEBHOOK_TIMEOUT_MS + 30_000;
  const claimed = await deps.gameEvents.claimDue(now, BATCH, leaseMs);
  result.claimed = claimed.length;
  // An order's events go one after another, in the order they were made; orders go side by side.
  const orders = new Map<string, GameEventRecord[]>();
  for (const event of claimed) orders.set(event.orderId, [...(orders.get(event.orderId) ?? []), event]);
  const outcomes = await mapWithConcurrency([...orders.values()], CONCURRENCY, async (group) => {
    const ofOrder = await deps.gameEvents.ofOrder(group[0]!.orderId);
    const said: DeliveryOutcome[] = [];
    for (const event of group.sort(inOrderSequence)) said.push(await sendInTurn(deps, url, event, ofOrder));
    return said;
  });
  for (const outcome of outcomes) {
    if (outcome.status === 'fulfilled') for (const said of outcome.value) result[said] += 1;
    else {
      result.failed += 1;
      deps.log.error({ event: 'game_event.pass_failed', reason: String(outcome.reason) });
    }
  }
  return result;
}

type DeliveryOutcome = 'delivered' | 'declined' | 'failed' | 'held';

/**
 * One claimed event, in its order's turn: held back (put back, untried, due after the earlier one's next try) while
 * an earlier event of its order is still pending; else POSTed and its try recorded. `ofOrder` is the order's events
 * as read, kept up to date with this pass's tries.
 */
async function sendInTurn(deps: DeliveryDeps, url: string, event: GameEventRecord, ofOrder: GameEventRecord[]): Promise<DeliveryOutcome> {
  const before = heldBackBy(event, ofOrder);
  if (before) {
    await deps.gameEvents.postpone(event, Math.max(before.nextAttemptAt, Date.now()) + 1);
    deps.log.info({ event: 'game_event.held', eventId: event.id, orderId: event.orderId, after: before.id });
    return 'held';
  }
  const outcome = await postEvent(deps.settings, url, event);
  let record = afterTry(deps.settings, event, outcome, Date.now());
  if (record.status === 'declined') {
    // The refund first: a crash before the record sends the event again, and a second decline finds the refund under way.
    // A free daily gift was never paid for: nothing to refund, so it waits for support like a refused take-back.
    const refund = event.body.data.reason === 'daily_gift' ? GIFT_NOT_REFUNDED : await deps.declined(event, record.why!);
    deps.log.info({ event: 'game_event.refund', eventId: event.id, orderId: event.orderId, ...refund });
    if (!refund.refunding) record = { ...record, status: 'attention', why: `declined (${record.why}), and not refunded: ${refund.detail}` };
  }
  if (!(await deps.gameEvents.recordTry(event, record))) return 'failed';
  const kept = ofOrder.find((other) => other.id === event.id);
  if (kept) Object.assign(kept, { status: record.status, nextAttemptAt: record.nextAttemptAt });
  const log = { event: `game_event.${record.status}`, eventId: event.id, orderId: event.orderId, attempts: record.attempts, answer: record.tried.answer };
  deps.log[record.status === 'attention' ? 'error' : record.status === 'pending' ? 'warn' : 'info'](log);
  return record.status === 'delivered' ? 'delivered' : record.status === 'declined' ? 'declined' : 'failed';
}

/** One instance's delivery, pass by pass (the timer's and the job endpoint's). */
export const deliveryRunner = (deps: DeliveryDeps) => onePassAtATime(() => dispatchGameEventsOnce(deps));

/** Sends the due events every GAME_EVENTS_DISPATCH_INTERVAL_MS (never two passes at once here); answers a stop function. */
export const startGameEventDelivery = (runner: ReturnType<typeof deliveryRunner>, deps: DeliveryDeps) =>
  repeatPasses(deps.settings.GAME_EVENTS_DISPATCH_INTERVAL_MS, runner, deps.log, 'game_event.dispatch_failed');
