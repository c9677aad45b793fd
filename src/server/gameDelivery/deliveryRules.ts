import { GAME_DECLINE_STATUS, type GameEventType } from '../../shared/gameEvents';
import { GAME_EVENT_TRIES_KEPT, type GameEventRecord, type GameEventTry } from '../gameEvents/gameEventRecords';
import { backoffDelay } from '../lib/backoff';

/** What one try came to: taken (2xx), refused with a reason (409 `{ declined }`), or failed (anything else). */
export type TryOutcome = { delivered: true } | { declined: string } | { failed: string };

/** The game's reason, as support and the player's email will read it: plain text, one line, at most 200 characters. */
export function declineReasonOf(body: unknown): string | null {
  const declined = (body as { declined?: unknown } | null)?.declined;
  if (typeof declined !== 'string') return null;
  // Control characters and markup become spaces: the reason is shown to support and mailed to the player.
  const plain = [...declined].map((character) => (character < ' ' || character === '\u007f' || character === '<' || character === '>' ? ' ' : character)).join('').replace(/\s+/g, ' ').trim().slice(0, 200);
  return plain || null;
}

/** The outcome of an HTTP answer: its status and its body, read as JSON when it is. */
export function outcomeOf(status: number, body: unknown): TryOutcome {
  if (status >= 200 && status < 300) return { delivered: true };
  const reason = status === GAME_DECLINE_STATUS ? declineReasonOf(body) : null;
  return reason ? { declined: reason } : { failed: String(status) };
}

/**
 * The wait after the `attempts`-th failed try: `firstMs`, doubling, jittered between a half and one and a half so
 * instances and events spread out, and never more than six hours, so a game back after an outage hears soon.
 */
export function retryDelay(attempts: number, firstMs: number, random: () => number = Math.random): number {
  return backoffDelay(firstMs, attempts - 1, { maxMs: 6 * 3_600_000, jitter: 0.5 }, random);
}

/** Only a credit can be declined: the game refusing a take-back is a problem for support, not a refund. */
export const mayBeDeclined = (type: GameEventType) => type === 'gems.credited';

/** The tries kept with an event: the newest GAME_EVENT_TRIES_KEPT. */
export const withTry = (event: Pick<GameEventRecord, 'tries'>, added: GameEventTry): GameEventTry[] => [...event.tries, added].slice(-GAME_EVENT_TRIES_KEPT);

/** An order's events in the sequence they are sent: made first, first (the event id breaks a tie, the same on every instance). */
export const inOrderSequence = (a: GameEventRecord, b: GameEventRecord) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The event of the same order that must be taken before `event` may be sent: one made before it that is still
 * pending (a take-back never reaches the game before its credit). One delivered, declined, or given up and left for
 * support holds nothing back. Null when `event` may go.
 */
export function heldBackBy(event: GameEventRecord, ofOrder: readonly GameEventRecord[]): GameEventRecord | null {
  return ofOrder.find((other) => other.id !== event.id && other.status === 'pending' && inOrderSequence(other, event) < 0) ?? null;
}
