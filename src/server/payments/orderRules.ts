import type { OrderEvent, OrderEventSource } from '../../shared/orders/orderEvents';
import { isOrderStatus, nextStatus, statusFromProvider, type OrderStatus } from '../../shared/orders/orderStatus';
import type { PaymentRequest } from '../../shared/paymentProtocol';
import type { OpenOrder } from '../../shared/api';
import { centsOfAmount, GEM_PACKS } from '../../shared/catalogue';
import type { PurchaseBlock } from '../../shared/protections/playerProtections';
import type { RefundRequestStatus } from '../../shared/refunds/refundRequest';
import type { MailKind } from '../mail/outbox';
import { bonusGemsText, creditedGems, type AppliedOffer } from '../../shared/offers/offer';
import { UNPAID_FINAL_STATUSES, WATCHED_STATUSES } from '../../shared/orders/orderStatus';

/**
 * The order's rules on the server, apart from where orders are stored: what a stored order is, what its
 * status means, what a provider's answer changes (and credits, and owes), when an order is watched, and
 * whether a new payment may hold one of the player's open-order places. Pure functions: the Firestore
 * repository commits what they plan, the in-memory one applies the same plans to maps.
 */

/** transactions/{order_id}: the payment request (never its signature or the key) and what became of it. */
export interface TransactionRecord extends Omit<PaymentRequest, 'signature'> {
  userId: string;
  /** The email of the player's account (from their verified ID token), for support's search. */
  accountEmail?: string;
  packId: number;
  gemCount: number;
  status: OrderStatus;
  /** The provider's own word for the status, as it last said it (e.g. processing). */
  providerStatus?: string;
  /** 1 once the gems were credited; never goes back to 0. */
  checked: 0 | 1;
  createdAt: number;
  updatedAt: number;
  /** When the server asks the provider about this pending order next (ms); claimed sweeps move it on. */
  nextCheckAt: number;
  /** A sweep instance holds the order until then (ms); 0 when nobody does. */
  leaseUntil: number;
  /** The sweep instance that claimed it last, so that instance can take its claims back when it restarts. */
  claimedBy?: string;
  /** How many times the server has asked the provider. */
  checks: number;
  lastCheckedAt?: number;
  /** When the gems were credited. */
  paidAt?: number;
  /** How the provider says the player paid, from its callback or return. */
  paymentMethod?: string;
  /** The refund request on this order, as the player's screens show it (refund_requests/{orderId} holds it whole). */
  refund?: { status: RefundRequestStatus; requestedAt: number; decidedAt?: number; declineReason?: string };
  /** When the provider returned the money and the gems were taken back. */
  refundedAt?: number;
  /** The provider's checkout of the order, so the player can resume it from any tab or device. */
  checkoutUrl?: string;
  /** The offer the order was made under, and the bonus gems it adds (credited with the pack's). */
  offer?: AppliedOffer;
}

/** What a provider's callback or return says about a payment beyond its status. */
export interface ProviderDetails {
  paymentMethod?: string;
}

/** Who applies a provider's answer, and what else it said: recorded in the order's history. */
export interface ApplyContext {
  source: OrderEventSource;
  said?: ProviderDetails;
  /** A staff member's uid and email, when support asked. */
  actor?: OrderEvent['actor'];
}

/**
 * open_order_slots/{uid}: the places held for payments under way, by order id: until when, and the order's
 * amount (for the spending limit). A bare number is a hold kept before amounts were (it ends within seconds).
 */
export type OrderSlots = Record<string, { until: number; cents: number } | number>;

/** A new payment's request for a place. */
export interface SlotRequest {
  /** MAX_OPEN_ORDERS */
  limit: number;
  now: number;
  /** When the hold ends: by then the order is recorded, or was never made. */
  until: number;
  /** The new order's amount. */
  cents: number;
  /** Why the player may not buy yet (no date of birth, or a guardian's consent missing), or null. */
  block: PurchaseBlock;
  /** The player's monthly spending limit in effect (cents), or null for none. */
  spendingLimitCents: number | null;
  /** The player's orders made since the month began in STORE_TIME_ZONE (read before, like `open`). */
  monthOrders: TransactionRecord[];
}

export type SlotPlan =
  | { slots: OrderSlots }
  | { refused: 'openOrderCap' }
  | { refused: 'spendingLimit'; leftCents: number }
  | { refused: Exclude<PurchaseBlock, null> };

const LARGEST_PACK_CENTS = Math.max(...GEM_PACKS.map((pack) => pack.priceCents));

const holdOf = (slot: OrderSlots[string]) => (typeof slot === 'number' ? { until: slot, cents: 0 } : slot);

/** What an order counts toward the month's spending: paid and open orders; a refunded or unpaid one nothing. */
const countsTowardLimit = (record: TransactionRecord) => record.status === 'paid' || record.status === 'pending';

/** The amount of each order that counts toward the spending limit, each order once. */
function countedAmounts(orders: TransactionRecord[]): Map<string, number> {
  const counted = new Map<string, number>();
  for (const record of orders) {
    const cents = centsOfAmount(record.amount);
    // The store wrote every amount; one that did not parse is taken at the largest pack's price, never as nothing.
    if (countsTowardLimit(record)) counted.set(record.order_id, Number.isFinite(cents) ? cents : LARGEST_PACK_CENTS);
  }
  return counted;
}

const sumOf = (amounts: Map<string, number>) => [...amounts.values()].reduce((sum, cents) => sum + cents, 0);

/** This month's spending: the month's paid (not refunded) and open orders, and every other open order, each once. */
export function spentThisMonth(monthOrders: TransactionRecord[], open: TransactionRecord[]): number {
  return sumOf(countedAmounts([...monthOrders, ...open]));
}

/**
 * Whether a new payment may hold a place. A player who has not given a date of birth, or is under the
 * minimum age without a guardian's consent, may not. The open-order cap: the player's pending orders, plus the places
 * still held for payments not yet recorded (a place is held until its order is recorded or the hold ends),
 * must leave one free. The spending limit: this month's paid and open orders, plus the payments still
 * starting, plus this one, must not pass it. Each order counts once, however many of those lists name it.
 * Answers the slots to write (expired holds dropped), or why not.
 */
export function planOrderSlot(slots: OrderSlots, open: TransactionRecord[], orderId: string, request: SlotRequest): SlotPlan {
  const { limit, now, until, cents, block, spendingLimitCents, monthOrders } = request;
  if (block) return { refused: block };
  // An order recorded (open, or in this month's list whatever its status) is counted as what it is, not by its
  // hold; the two lists were read one after the other, so an order may be open in either.
  const recorded = new Set([...open, ...monthOrders].map((record) => record.order_id));
  const openNow = new Set([...open, ...monthOrders.filter((record) => record.status === 'pending')].map((record) => record.order_id));
  const held = Object.fromEntries(Object.entries(slots).map(([id, slot]) => [id, holdOf(slot)] as const).filter(([, hold]) => hold.until > now));
  const inFlight = Object.keys(held).filter((id) => !recorded.has(id));
  if (openNow.size + inFlight.length >= limit) return { refused: 'openOrderCap' };
  if (spendingLimitCents !== null) {
    const counted = countedAmounts([...monthOrders, ...open]);
    for (const id of inFlight) if (!counted.has(id)) counted.set(id, held[id]!.cents);
    const spent = sumOf(counted);
    if (spent + cents > spendingLimitCents) return { refused: 'spendingLimit', leftCents: Math.max(0, spendingLimitCents - spent) };
  }
  return { slots: { ...held, [orderId]: { until, cents } } };
}

/** The gems the order adds to the balance, and a refund takes back: the pack's and its offer's. */
export function gemsOfOrder(record: Pick<TransactionRecord, 'gemCount' | 'offer'>): number {
  return creditedGems({ gemCount: record.gemCount, bonusGems: record.offer?.bonusGems ?? 0 });
}

/** An open unpaid order as the player's screens offer it: resume its checkout, or leave it. */
export function toOpenOrder(record: TransactionRecord): OpenOrder {
  return { orderId: record.order_id, packId: record.packId, createdAt: record.createdAt, checkoutUrl: record.checkoutUrl ?? null };
}

/**
 * The player's open orders, newest first, when one of them is not among those the store asked the player about
 * (`seen`); null when there is none, so a new order may start.
 */
export function openOrdersNotSeen(open: TransactionRecord[], seen: readonly string[]): OpenOrder[] | null {
  const asked = new Set(seen);
  if (open.every((record) => asked.has(record.order_id))) return null;
  return newestFirst(open).map(toOpenOrder);
}

/** Records, newest first. */
export function newestFirst(records: TransactionRecord[]): TransactionRecord[] {
  return [...records].sort((a, b) => b.createdAt - a.createdAt);
}

/** Open, and not watched by the sweep: made before the sweep kept a next check on every open order. */
export function isUnwatched(record: TransactionRecord): boolean {
  return storedStatus(record) === 'pending' && typeof record.nextCheckAt !== 'number';
}

/** What puts an unwatched order under the sweep's watch: due at `now`, in the status the sweep's query reads. */
export function watchFrom(record: TransactionRecord, now: number): Partial<TransactionRecord> {
  return {
    status: 'pending',
    ...(record.status !== 'pending' ? { providerStatus: record.status } : {}),
    nextCheckAt: now,
    leaseUntil: 0,
    checks: record.checks ?? 0,
  };
}

/**
 * A paid return the provider signed makes its order due for a check now, unless an instance holds it: the player's
 * tab may close before its own check lands (or the instance that got the return may die), and the provider has
 * already said the money moved, so the next sweep pass of any instance asks, instead of waiting out the backoff.
 */
export function dueOnPaidReturn(record: TransactionRecord, at: number): Pick<TransactionRecord, 'nextCheckAt'> | null {
  const watched = WATCHED_STATUSES.includes(storedStatus(record)) && typeof record.nextCheckAt === 'number';
  return watched && record.nextCheckAt > at && !(record.leaseUntil > at) ? { nextCheckAt: at } : null;
}

/** A record's status read through the machine: older records may hold a provider word. */
export function storedStatus(record: { status: string }): OrderStatus {
  return isOrderStatus(record.status) ? record.status : statusFromProvider(record.status);
}

/** The change the provider's word makes to a record, or null when it changes nothing. */
export function changeFor(record: TransactionRecord, providerWord: string): { status: OrderStatus; credit: boolean } | null {
  const current = storedStatus(record);
  const status = nextStatus(current, providerWord);
  const credit = status === 'paid' && record.checked !== 1;
  return status === current && !credit ? null : { status, credit };
}

/** Everything one provider answer writes: the order's update, the gems, its history, and the mail it owes. */
export interface AppliedChange {
  update: Partial<TransactionRecord>;
  /** Gems to add to the player: the pack's and the offer's. */
  credit: number;
  events: OrderEvent[];
  mail: MailKind[];
  /** This credit takes the player's one first-purchase bonus (first_purchase_bonuses/{uid} is created with it). */
  takesFirstPurchase: boolean;
  /** A promo code's use given back (-1: the order ended unpaid) or taken again (+1: paid after all); 0 otherwise. */
  codeUse: -1 | 0 | 1;
}

/** The order's offer as it is credited: a first-purchase bonus another order of the player took first is withheld. */
function offerAsCredited(record: TransactionRecord, firstPurchaseTakenBy: string | null): AppliedOffer | undefined {
  const { offer } = record;
  if (offer?.kind !== 'firstPurchase' || offer.bonusGems === 0 || !firstPurchaseTakenBy || firstPurchaseTakenBy === record.order_id) return offer;
  return { ...offer, bonusGems: 0, withheld: `The first-purchase bonus went with order ${firstPurchaseTakenBy}.` };
}

/**
 * What applying the provider's word to a record writes, or null when it changes nothing. Both repositories apply
 * this. `firstPurchaseTakenBy`: the order that was credited the player's first-purchase bonus, read in the same
 * commit (only for an order made under that offer), so the bonus is credited once however many orders carry it.
 */
export function planProviderAnswer(
  record: TransactionRecord,
  providerWord: string,
  context: ApplyContext,
  now: number,
  firstPurchaseTakenBy: string | null = null,
): AppliedChange | null {
  const change = changeFor(record, providerWord);
  if (!change) return null;
  const from = storedStatus(record);
  const paymentMethod = context.said?.paymentMethod;
  const offer = change.credit ? offerAsCredited(record, firstPurchaseTakenBy) : record.offer;
  const isCode = offer?.kind === 'promoCode';
  const codeUse = isCode && !offer.released && UNPAID_FINAL_STATUSES.includes(change.status) ? -1 : isCode && offer.released && change.credit ? 1 : 0;
  const offerNow = offer && codeUse !== 0 ? { ...offer, released: codeUse < 0 } : offer;
  const credit = change.credit ? gemsOfOrder({ gemCount: record.gemCount, offer: offerNow }) : 0;
  const update: Partial<TransactionRecord> = {
    status: change.status,
    providerStatus: providerWord,
    updatedAt: now,
    ...(change.credit ? { checked: 1 as const, paidAt: now } : {}),
    ...(paymentMethod ? { paymentMethod } : {}),
    ...(offerNow && offerNow !== record.offer ? { offer: offerNow } : {}),
  };
  const base = { orderId: record.order_id, userId: record.userId, at: now, source: context.source, ...(context.actor ? { actor: context.actor } : {}) };
  const events: OrderEvent[] = [];
  if (change.status !== from) events.push({ ...base, type: 'providerAnswered', statusFrom: from, statusTo: change.status, providerStatus: providerWord });
  if (change.credit) {
    const detail = offerNow?.bonusGems ? `of which ${bonusGemsText(offerNow.bonusGems)} (${offerNow.title})` : offerNow?.withheld;
    events.push({ ...base, type: 'credited', gems: credit, ...(detail ? { detail } : {}) });
  }
  return {
    update,
    credit,
    events,
    mail: change.credit ? ['receipt'] : [],
    takesFirstPurchase: change.credit && offerNow?.kind === 'firstPurchase' && offerNow.bonusGems > 0,
    codeUse,
  };
}
