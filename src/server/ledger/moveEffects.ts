import type { Firestore, WriteBatch } from 'firebase-admin/firestore';
import type { OrderEvent } from '../../shared/orders/orderEvents';
import { countDay, type DayCounts, type DayRollups } from '../overview/dailyStats';
import { recordGameEvent, type GemsMoved } from '../gameEvents/gameEventRecords';
import { enqueueMail, type MailKind } from '../mail/outbox';
import { appendOrderEvents } from './orderEventLog';

/** An email a move owes its player (at most once per order, kind and dispute round). */
export interface OwedMail {
  kind: MailKind;
  orderId: string;
  round?: number;
}

/**
 * What a money move (a credit, a refund's step, a dispute's stage, a declined credit, a write-off) does besides
 * moving the order and the gems, as plain data: the lines of the order's history, the mail owed, what the game's
 * server is told, and what the day's rollups count. Each consumer is one field here, one line in writeMoveEffects
 * (Firestore, in the move's own commit) and one in the in-memory fakes' applyMoveEffects.
 */
export interface MoveEffects {
  events: OrderEvent[];
  mail: OwedMail[];
  gameEvents: GemsMoved[];
  day: DayCounts;
}

/** A move's effects, each list empty unless given. */
export const moveEffects = (effects: Partial<MoveEffects>): MoveEffects => ({ events: [], mail: [], gameEvents: [], day: {}, ...effects });

/** Puts a move's effects into `batch`, the commit of the move itself, at `at` (the day counted as `rollups` say). */
export function writeMoveEffects(db: Firestore, batch: WriteBatch, rollups: DayRollups, at: number, effects: MoveEffects): void {
  appendOrderEvents(db, batch, effects.events);
  for (const mail of effects.mail) enqueueMail(db, batch, mail.kind, mail.orderId, at, mail.round);
  for (const moved of effects.gameEvents) recordGameEvent(db, batch, moved, at);
  countDay(db, batch, rollups, at, effects.day);
}
