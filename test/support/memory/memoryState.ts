import type { PlayerGems } from '../../../src/shared/balance';
import type { OrderEvent } from '../../../src/shared/orders/orderEvents';
import type { MailKind } from '../../../src/server/mail/outbox';
import type { TransactionRecord } from '../../../src/server/orders/orderRules';
import type { OrderSlots } from '../../../src/server/payments/orderSlotRules';
import type { ProtectionEvent } from '../../../src/shared/protections/spendingLimit';
import type { PlayerProtections } from '../../../src/shared/protections/playerProtections';
import type { ConsentRequest } from '../../../src/server/protections/guardianConsent';
import type { FirstPaidOrder } from '../../../src/server/orders/creditRules';
import type { RefundRequestRecord } from '../../../src/server/orders/refundRequestRecord';
import type { Offer } from '../../../src/shared/offers/offer';
import type { GameEventRecord } from '../../../src/server/gameEvents/gameEventRecords';
import type { DisputeRecord } from '../../../src/server/disputes/disputeRecord';
import type { OfferAuditEntry } from '../../../src/shared/offers/offerAudit';
import type { DayCounts } from '../../../src/server/overview/dailyStats';
import { gemsMovedOf, newGameEvent } from '../../../src/server/gameEvents/gameEventRecords';
import { applyMove, openingEntry, type LedgerEntry, type LedgerMove } from '../../../src/shared/ledger';
import { ledgerDayCounts } from '../../../src/server/ledger/ledgerCounts';
import type { MoveEffects } from '../../../src/server/ledger/moveEffects';
import type { DailyCounter } from '../../../src/shared/stats';
import { standingMove } from '../../../src/server/orders/paidStanding';
import { dateIn } from '../../../src/shared/protections/age';
import type { RiskActivityEntry } from '../../../src/server/risk/riskActivity';

/** A player's gems as users/{uid} holds them: the balance and the debt. */
export const playerGemsIn = (state: Pick<MemoryState, 'balances' | 'gemDebts'>, uid: string): PlayerGems => ({ balance: state.balances.get(uid) ?? 0, debt: state.gemDebts.get(uid) ?? 0 });

/** Writes a player's gems: only the door's fake (applyMoveEffects) does, as only the door writes them in Firestore. */
function setPlayerGems(state: Pick<MemoryState, 'balances' | 'gemDebts'>, uid: string, gems: PlayerGems): void {
  state.balances.set(uid, gems.balance);
  state.gemDebts.set(uid, gems.debt);
}

/** An order's move applied to its player's standing orders, as standingFields writes it into the move's commit. */
export function applyStanding(state: Pick<MemoryState, 'paidOrders'>, before: TransactionRecord, after: TransactionRecord): void {
  const move = standingMove(before, after);
  if (move === 0) return;
  const standing = state.paidOrders.get(before.userId) ?? new Set<string>();
  if (move > 0) standing.add(before.order_id);
  else standing.delete(before.order_id);
  state.paidOrders.set(before.userId, standing);
}

/** A player's uses of a code, by offer and player. */
export const offerUsesKey = (offerId: string, uid: string) => `${offerId}/${uid}`;

/**
 * What the store keeps in Firestore, as maps: the orders (transactions), balances, saved returns, the orders'
 * histories, the mail owed, rejected callbacks, open-order slots, who took each first-purchase bonus, promo code
 * uses given back or taken again, and the players' protections. The in-memory repositories share it, as the
 * Firestore ones share the database, and tests read it for their asserts.
 */
export interface MemoryState {
  records: Map<string, TransactionRecord>;
  balances: Map<string, number>;
  returns: Map<string, Array<Record<string, string>>>;
  events: OrderEvent[];
  mail: Array<{ kind: MailKind; orderId: string }>;
  rejectedCallbacks: Array<{ orderId: string; reason: string }>;
  slots: Map<string, OrderSlots>;
  /** first_purchase_bonuses: each player's first paid order. */
  firstPaid: Map<string, FirstPaidOrder>;
  /** offers/{id}, their audit trails, and each player's uses of a code (by `offerId/uid`). */
  offers: Map<string, Offer>;
  offerAudits: Map<string, OfferAuditEntry[]>;
  offerUses: Map<string, number>;
  /** refund_requests/{orderId} */
  refundRequests: Map<string, RefundRequestRecord>;
  adoption: { done: boolean };
  /** player_protections as the test described them; others are adults who gave a date of birth. */
  described: Map<string, PlayerProtections>;
  protectionEvents: Map<string, ProtectionEvent[]>;
  consentRequests: Map<string, ConsentRequest>;
  /** Consent emails sent to each mailbox in a day (`mailbox@day`). */
  consentMails: Map<string, number>;
  /** users/{uid}.gemDebt: gems owed from disputed payments. */
  gemDebts: Map<string, number>;
  /** users/{uid}.paidOrders: the orders whose money still stands (src/server/orders/paidStanding.ts). */
  paidOrders: Map<string, Set<string>>;
  /** provider_events: the ids of the provider's events applied. */
  providerEvents: Set<string>;
  /** game_events, in the order they were committed. */
  gameEventRecords: GameEventRecord[];
  /** disputes/{orderId} */
  disputeRecords: Map<string, DisputeRecord>;
  /** stats_daily: what each money move counted, in the order committed (dayCountsIn sums them). */
  dayCounts: Array<{ at: number; day: DayCounts }>;
  /** users/{uid}/gem_ledger, each player's entries in the order written (their places 1, 2, 3…); and the players whose ledger began (users/{uid}.ledgerSeq set). */
  ledgerEntries: Map<string, LedgerEntry[]>;
  ledgerOpened: Set<string>;
  /** risk_activity: each key's entries by id, as the moves wrote them (src/server/risk/riskActivity.ts). */
  riskActivity: Map<string, Map<string, RiskActivityEntry>>;
}

/**
 * A move's effects (src/server/ledger/moveEffects.ts) applied to the maps, as the ledger's door (writeMove) puts them
 * into the move's Firestore commit, by the same rules: the entry (an opening first for gems held before the ledger),
 * the balance and debt after it, the game's event of it, the history, the mail and the day's counts.
 */
export function applyMoveEffects(state: MemoryState, at: number, effects: MoveEffects, gameDueAt = at): LedgerEntry | null {
  const entries = effects.gems ? applyGemsMove(state, effects.gems) : [];
  const mine = [...entries];
  for (const move of effects.moreGems) entries.push(...applyGemsMove(state, move));
  for (const entry of entries) {
    const moved = gemsMovedOf(entry);
    // One game event a move, under the move's own id: a second with the same id is refused, as Firestore refuses it.
    if (moved && state.gameEventRecords.some((event) => event.id === moved.id)) throw new Error(`ALREADY_EXISTS: game_events/${moved.id}`);
    if (moved) state.gameEventRecords.push(newGameEvent(moved, gameDueAt));
  }
  state.events.push(...effects.events);
  state.mail.push(...effects.mail.map(({ kind, orderId }) => ({ kind, orderId })));
  for (const { key, id, entry } of effects.risk) state.riskActivity.set(key, (state.riskActivity.get(key) ?? new Map()).set(id, entry));
  const day = ledgerDayCounts(entries, effects.day);
  if (day.counts || day.creditLagMs !== undefined || day.exportNetCents || day.packNetCents) state.dayCounts.push({ at, day });
  return mine.at(-1) ?? null;
}

/** The door's entries of a move, in memory: refused as Firestore refuses a second create of the same entry id. */
function applyGemsMove(state: MemoryState, move: LedgerMove): LedgerEntry[] {
  const before = playerGemsIn(state, move.uid);
  const ledger = state.ledgerEntries.get(move.uid) ?? [];
  const opened = state.ledgerOpened.has(move.uid);
  const opening = opened ? null : openingEntry(move.uid, before, move.at - 1);
  const { after, entry } = applyMove(before, move, ledger.length + (opening ? 1 : 0) + 1);
  if (ledger.some((written) => written.id === entry.id)) throw new Error(`ALREADY_EXISTS: gem_ledger/${entry.id}`);
  const entries = opening ? [opening, entry] : [entry];
  state.ledgerEntries.set(move.uid, [...ledger, ...entries]);
  state.ledgerOpened.add(move.uid);
  setPlayerGems(state, move.uid, after);
  return entries;
}

/** Every count the money moves made, summed (all days together, or the store day `date` in `timeZone` alone). */
export function dayCountsIn(state: Pick<MemoryState, 'dayCounts'>, on?: { timeZone: string; date: string }): Partial<Record<DailyCounter, number>> {
  const sums: Partial<Record<DailyCounter, number>> = {};
  for (const { day } of state.dayCounts.filter(({ at }) => !on || dateIn(on.timeZone, at) === on.date)) for (const [counter, value] of Object.entries(day.counts ?? {}) as Array<[DailyCounter, number]>) sums[counter] = (sums[counter] ?? 0) + value;
  return sums;
}
