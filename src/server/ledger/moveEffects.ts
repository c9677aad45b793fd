import type { LedgerMove } from '../../shared/ledger';
import type { OrderEvent } from '../../shared/orders/orderEvents';
import type { DayCounts } from '../overview/dailyStats';
import type { MailKind } from '../mail/outbox';
import type { RiskActivityWrite } from './riskActivityRecords';

/** An email a move owes its player (at most once per order, kind and dispute round). */
export interface OwedMail {
  kind: MailKind;
  orderId: string;
  round?: number;
}

/**
 * What a move does, as plain data (a credit, a refund's step, a dispute's stage, a declined credit, a write-off, a
 * daily gift, a spend in the game, an order made): the move of the player's gems, if any, the lines of the order's
 * history, the mail owed and what the day's rollups count. The door (./gemLedger writeMove, in the move's own commit)
 * writes every one of them, and the in-memory fakes apply the same; a new kind of move is a new producer of these.
 */
export interface MoveEffects {
  gems: LedgerMove | null;
  /** Moves in other players' ledgers made in the same commit (a gift: the payer's line of it, what a chargeback takes from the payer). */
  moreGems: LedgerMove[];
  events: OrderEvent[];
  mail: OwedMail[];
  day: DayCounts;
  /** What the risk rules count of it (a payment started, declined or paid), against its account, browser and address. */
  risk: RiskActivityWrite[];
}

/** A move's effects, each empty unless given. */
export const moveEffects = (effects: Partial<MoveEffects>): MoveEffects => ({ gems: null, moreGems: [], events: [], mail: [], day: {}, risk: [], ...effects });
