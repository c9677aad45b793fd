/**
 * What the store tells the game's own server of a player's gems (docs/game-integration.md, Delivery): one event per
 * commit that moves gems for money, and one when a player's account is deleted, sent as Standard Webhooks (https://www.standardwebhooks.com): a JSON body, the
 * headers `webhook-id` (the event's id, the same on every try), `webhook-timestamp` and `webhook-signature`. The
 * store's server and the game-server stand-in both read this.
 */
export const GAME_EVENT_TYPES = ['gems.credited', 'gems.debited', 'account.deleted'] as const;
export type GameEventType = (typeof GAME_EVENT_TYPES)[number];

/**
 * Why gems moved: a purchase paid, a refund (or its failure), a dispute opened or won, a dispute's debt written off, a
 * free daily gift, a gift a friend paid for (credited to the recipient: the event's uid); and, with no gems, an account
 * the player asked the store to delete (`account.deleted`: its orderId names the deletion request).
 */
export const GAME_EVENT_REASONS = ['purchase', 'refund', 'refund_failed', 'dispute', 'dispute_won', 'debt_written_off', 'daily_gift', 'gift', 'account_deleted'] as const;
export type GameEventReason = (typeof GAME_EVENT_REASONS)[number];

/** The event's facts: whose gems, which order, how many (the pack's and the bonus), why, and when it happened. */
export interface GameEventData {
  uid: string;
  /** The order whose gems moved; for a `daily_gift`, the gift claim's id (gift-…). */
  orderId: string;
  gems: number;
  bonusGems: number;
  reason: GameEventReason;
  /** ISO 8601, when the store committed it. */
  occurredAt: string;
}

/** The JSON body the game's server receives, in Standard Webhooks' shape. */
export interface GameEventBody {
  type: GameEventType;
  /** ISO 8601, when the store committed it. */
  timestamp: string;
  data: GameEventData;
}

/** The answer by which the game refuses a credit (the account is banned, say): 409 with `{ "declined": "<reason>" }`. */
export const GAME_DECLINE_STATUS = 409;
export interface GameDecline {
  declined: string;
}

/** Where the stand-in takes events, on its own port. */
export const GAME_WEBHOOK_PATH = '/webhooks/store';

/** A Standard Webhooks secret: `whsec_` and the base64 of at least 24 random bytes. */
export const GAME_WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/;
