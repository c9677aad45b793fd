import type { GameEventView, SupportHealth } from '../../shared/support/supportViews';
import { gameWebhookUrl, type Settings } from '../config/settings';
import type { GameEventRecord } from '../gameEvents/gameEventRecords';
import { HttpError } from '../http/errors';
import type { Logger } from '../lib/logger';
import type { GameEventsRepository } from './gameEventsRepository';

/** How many events the "needs attention" list shows, oldest first. */
const ATTENTION_LIMIT = 100;

/** What support reads and does of delivery to the game. */
export interface DeliveryDeskDeps {
  settings: Settings;
  gameEvents: GameEventsRepository;
  log: Logger;
}

export function toGameEventView(event: GameEventRecord): GameEventView {
  const { data } = event.body;
  return {
    id: event.id,
    orderId: event.orderId,
    uid: event.uid,
    type: event.body.type,
    reason: data.reason,
    gems: data.gems,
    bonusGems: data.bonusGems,
    status: event.status,
    createdAt: event.createdAt,
    attempts: event.attempts,
    lastTry: event.tries.at(-1) ?? null,
    deliveredAt: event.deliveredAt ?? null,
    nextAttemptAt: event.status === 'pending' ? event.nextAttemptAt : null,
    why: event.why ?? null,
  };
}

/** An order's events for the game, oldest first: support's order page. */
export async function gameEventsOfOrder(deps: DeliveryDeskDeps, orderId: string): Promise<GameEventView[]> {
  return (await deps.gameEvents.ofOrder(orderId)).map(toGameEventView);
}

/** GET /api/support/game-events: the events left for support (undelivered for days, or refused), oldest first. */
export async function eventsNeedingAttention(deps: DeliveryDeskDeps): Promise<GameEventView[]> {
  return (await deps.gameEvents.needingAttention(ATTENTION_LIMIT)).map(toGameEventView);
}

/** POST /api/support/game-events/:eventId/resend: due at once, with the same id, and tried for days again. */
export async function resendGameEvent(deps: DeliveryDeskDeps, staff: { uid: string }, eventId: string): Promise<GameEventView> {
  const outcome = await deps.gameEvents.resend(eventId.slice(0, 200), Date.now());
  if ('refused' in outcome) {
    throw outcome.refused === 'unknown' ? new HttpError(404, 'There is no event with that id.') : new HttpError(409, 'Only an event waiting for support can be sent again.');
  }
  const { resent } = outcome;
  deps.log.info({ event: 'support.game_event_resent', eventId: resent.id, orderId: resent.orderId, staff: staff.uid });
  return toGameEventView(resent);
}

/** The health panel's and /api/metrics' figures of delivery. */
export async function deliveryFigures(deps: DeliveryDeskDeps): Promise<SupportHealth['delivery']> {
  return { on: gameWebhookUrl(deps.settings) !== null, ...(await deps.gameEvents.figures()) };
}
