import type { Firestore, WriteBatch } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import type { GameEventBody, GameEventReason, GameEventType } from '../../shared/gameEvents';
import { LEDGER_GAME_EVENTS, type LedgerEntry } from '../../shared/ledger';

/** Where an event stands: waiting to be sent (or tried again), taken by the game, refused by it, or waiting for support. */
export const GAME_EVENT_STATUSES = ['pending', 'delivered', 'declined', 'attention'] as const;
export type GameEventStatus = (typeof GAME_EVENT_STATUSES)[number];

/**
 * The delivery's machine as a table (drawn in docs/payment-state-machine.md): a try leaves a pending event pending (to
 * be tried again), delivered, declined (a credit the game refused) or waiting for support; support's Resend makes it
 * pending again. Delivered and declined are final.
 */
export const GAME_EVENT_TRANSITIONS: Readonly<Record<GameEventStatus, readonly GameEventStatus[]>> = {
  pending: ['pending', 'delivered', 'declined', 'attention'],
  attention: ['pending'],
  delivered: [],
  declined: [],
};

export const canMoveGameEvent = (from: GameEventStatus, to: GameEventStatus) => GAME_EVENT_TRANSITIONS[from].includes(to);

/** One try of a delivery: when, and what came back ("200", "503", "timeout", "refused: …"). */
export interface GameEventTry {
  at: number;
  answer: string;
}

/** game_events/{eventId}: the event the game's server is told, and its delivery. */
export interface GameEventRecord {
  id: string;
  orderId: string;
  uid: string;
  body: GameEventBody;
  status: GameEventStatus;
  createdAt: number;
  /** Tries go on for GAME_WEBHOOK_GIVE_UP_MS from here (ms): when it was made, or support's last Resend. */
  triesFrom: number;
  nextAttemptAt: number;
  leaseUntil: number;
  attempts: number;
  /** The last tries, newest last (at most GAME_EVENT_TRIES_KEPT). */
  tries: GameEventTry[];
  deliveredAt?: number;
  /** Why the game refused it (409 `{ declined }`), or why it waits for support. */
  why?: string;
}

export const GAME_EVENT_TRIES_KEPT = 20;

/** What moved, as the game is told: its id (the ledger entry's), an order's (or a gift claim's) gems, split into the pack's and the bonus. */
export interface GemsMoved {
  id: string;
  type: GameEventType;
  reason: GameEventReason;
  orderId: string;
  uid: string;
  gems: number;
  bonusGems: number;
}

/** The record of a move of gems committed at `at`, due at once. */
export function newGameEvent(moved: GemsMoved, at: number): GameEventRecord {
  const occurredAt = new Date(at).toISOString();
  return {
    id: moved.id,
    orderId: moved.orderId,
    uid: moved.uid,
    body: {
      type: moved.type,
      timestamp: occurredAt,
      data: { uid: moved.uid, orderId: moved.orderId, gems: moved.gems, bonusGems: moved.bonusGems, reason: moved.reason, occurredAt },
    },
    status: 'pending',
    createdAt: at,
    triesFrom: at,
    nextAttemptAt: at,
    leaseUntil: 0,
    attempts: 0,
    tries: [],
  };
}

/** What the game is told of a ledger entry (shared/ledger LEDGER_GAME_EVENTS), or null when it is not told. */
export function gemsMovedOf(entry: LedgerEntry): GemsMoved | null {
  const told = LEDGER_GAME_EVENTS[entry.kind];
  if (!told) return null;
  const total = Math.abs(entry.gems);
  return { id: entry.id, ...told, orderId: entry.orderId ?? entry.claimId!, uid: entry.uid, gems: total - entry.bonusGems, bonusGems: entry.bonusGems };
}

/**
 * Adds the event of a move of gems to `batch`, the commit that moves them (only the ledger's door does): created, so
 * no commit writes gems without its event and no event exists without its commit (a commit that loses its race writes
 * neither).
 */
export function recordGameEvent(db: Firestore, batch: WriteBatch, moved: GemsMoved, at: number): void {
  const event = newGameEvent(moved, at);
  batch.create(db.collection(COLLECTIONS.gameEvents).doc(event.id), event);
}

/** The event's id that tells the game an account was deleted: one per account, so it is told once. */
export const accountDeletedEventId = (uid: string) => `account-deleted-${uid}`;

/**
 * Adds to `batch` the event telling the game's server that `uid`'s account was deleted (no gems move; the deletion's
 * commit makes it, created, so a second carrying-out of the same deletion cannot tell it twice).
 */
export function recordAccountDeleted(db: Firestore, batch: WriteBatch, uid: string, requestId: string, at: number): void {
  const event = newGameEvent({ id: accountDeletedEventId(uid), type: 'account.deleted', reason: 'account_deleted', orderId: requestId, uid, gems: 0, bonusGems: 0 }, at);
  batch.create(db.collection(COLLECTIONS.gameEvents).doc(event.id), event);
}
