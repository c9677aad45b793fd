import { formatGemCount } from '../../shared/money';
import type { OrderEvent, OrderEventSource } from '../../shared/orders/orderEvents';
import { isOrderStatus, nextStatus, statusFromProvider, type OrderStatus } from '../../shared/orders/orderStatus';
import type { OpenOrder } from '../../shared/api';
import { mayReachPersonalData, type StoreSessionAccess } from '../../shared/storeSession';
import { isTransferUnderWay } from '../../shared/payMethod';
import type { MailKind } from '../mail/outbox';
import { bonusGemsText, creditedGems, type GemsGiven } from '../../shared/offers/offer';
import { NOT_CREDITED_TEXTS, type NotCreditedReason } from '../../shared/orders/orderView';
import { NO_CREDIT_FACTS, offerAsCredited, type CreditFacts, type FirstPaidOrder } from './creditRules';
import { UNPAID_FINAL_STATUSES } from '../../shared/orders/orderStatus';
import type { ProviderEvent } from '../providerEvents/providerEventRecords';

/**
 * The order's rules on the server, apart from where orders are stored: what a stored order (a transaction) is,
 * what its status means, and what a provider's answer changes (and credits, and owes). Pure functions: the
 * Firestore repository commits what they plan, the in-memory one applies the same plans to maps. When an order
 * is watched is in ./orderWatchRules; whether a new payment may hold a place, in payments/orderSlotRules.
 */

import type { TransactionRecord } from './transactionRecord';
import type { ThreeDSecureOutcome } from '../../shared/risk/threeDSecure';

/** The stored order lives in ./transactionRecord; its importers may still read it here. */
export type { TransactionRecord };

/**
 * The provider's word on a payment as the store reads it, made only at the edge (src/server/provider/providerAnswer.ts):
 * what it means for the order, and the word as said, which the rules keep on the record and in its history for the
 * audit trail and never decide by.
 */
export interface ProviderAnswer {
  readonly means: OrderStatus;
  readonly word: string;
}

/** What a provider's callback or return says about a payment beyond its status. */
export interface ProviderDetails {
  paymentMethod?: string;
  /** The method in detail (shared/payMethod), already checked for its shape. */
  payMethod?: string;
  /** When the provider says the payment was made (ms), from its signed `pay_time`. */
  paidAt?: number;
  /** How 3-D Secure went, already checked for its word (shared/risk/threeDSecure). */
  threeDSecure?: ThreeDSecureOutcome;
}

/** Who applies a provider's answer, and what else it said: recorded in the order's history. */
export interface ApplyContext {
  source: OrderEventSource;
  said?: ProviderDetails;
  /** A staff member's uid and email, when support asked. */
  actor?: OrderEvent['actor'];
  /** The provider's event this answer came in (a callback): recorded in the commit of its effect, applied once. */
  event?: ProviderEvent;
  /**
   * Not the provider's word but the player's: they stopped waiting for a bank transfer the provider cannot cancel (it
   * is the bank's). The order ends as the word says; the provider's own word stays as it said it.
   */
  playerStoppedWaiting?: boolean;
}

/** The gems the order adds to the balance, and a refund takes back: the pack's and its offer's. */
export function gemsOfOrder(record: Pick<TransactionRecord, 'gemCount' | 'offer'>): number {
  return creditedGems({ gemCount: record.gemCount, bonusGems: record.offer?.bonusGems ?? 0 });
}

/** What the order gives as its record holds it (the view's figure: no title without bonus gems). */
export function gemsGivenBy(record: Pick<TransactionRecord, 'gemCount' | 'offer'>): GemsGiven {
  const bonusGems = record.offer?.bonusGems ?? 0;
  return { gemCount: record.gemCount, bonusGems, offerTitle: bonusGems > 0 ? record.offer?.title ?? null : null };
}

/**
 * An open unpaid order as the player's screens offer it: resume its checkout, or leave it. A store session that may not
 * reach the order's billing details (it was made elsewhere) is not given its checkout, which shows them.
 */
export function toOpenOrder(record: TransactionRecord, session: StoreSessionAccess | null = null): OpenOrder {
  const checkoutUrl = mayReachPersonalData(session, record.madeBy) ? (record.checkoutUrl ?? null) : null;
  return { orderId: record.order_id, packId: record.packId, createdAt: record.createdAt, checkoutUrl, gives: gemsGivenBy(record) };
}

/**
 * The player's open orders, newest first, when one of them is not among those the store asked the player about
 * (`seen`); null when there is none, so a new order may start.
 */
export function openOrdersNotSeen(open: TransactionRecord[], seen: readonly string[], session: StoreSessionAccess | null = null): OpenOrder[] | null {
  const asked = new Set(seen);
  const resumable = openToResume(open);
  if (resumable.every((record) => asked.has(record.order_id))) return null;
  return newestFirst(resumable).map((record) => toOpenOrder(record, session));
}

/** The open orders a player can resume or leave: a bank transfer under way is neither, and never asked about. */
export const openToResume = (open: TransactionRecord[]) => open.filter((record) => !isTransferUnderWay(record));

/** Records, newest first. */
export function newestFirst(records: TransactionRecord[]): TransactionRecord[] {
  return [...records].sort((a, b) => b.createdAt - a.createdAt);
}

/** A record's status read through the machine: older records may hold a provider word. */
export function storedStatus(record: { status: string }): OrderStatus {
  return isOrderStatus(record.status) ? record.status : statusFromProvider(record.status);
}

/** Whether the order's method is written for good: once its payment landed, the method it landed by stays. */
const methodSettled = (record: Pick<TransactionRecord, 'checked' | 'notCredited' | 'payMethod'>) =>
  record.payMethod !== undefined && (record.checked === 1 || record.notCredited !== undefined);

/**
 * What a provider's word does to a record's method: `set` it (named for the first time, or changed while the payment
 * is still under way), `noted` (another method named for a payment that landed: kept in the history only), or nothing.
 */
function methodChange(record: TransactionRecord, payMethod: string | undefined): 'set' | 'noted' | null {
  if (payMethod === undefined || payMethod === record.payMethod) return null;
  if (!methodSettled(record)) return 'set';
  return record.methodsNamedLater?.includes(payMethod) ? null : 'noted';
}

/** The change the provider's word makes to a record, or null when it changes nothing. */
export function changeFor(record: TransactionRecord, answer: ProviderAnswer, payMethod?: string): { status: OrderStatus; credit: boolean; method: 'set' | 'noted' | null } | null {
  const current = storedStatus(record);
  const status = nextStatus(current, answer.means);
  // A payment refused at its credit (and refunded) is never credited after all.
  const credit = status === 'paid' && record.checked !== 1 && !record.notCredited;
  // The method named for the first time (a bank transfer under way, say) is noted though the status stays.
  const method = methodChange(record, payMethod);
  return status === current && !credit && method === null ? null : { status, credit, method };
}

/** Everything one provider answer writes: the order's update, the gems, its history, and the mail it owes. */
export interface AppliedChange {
  update: Partial<TransactionRecord>;
  /** Gems to add to the player: the pack's and the offer's. */
  credit: number;
  events: OrderEvent[];
  mail: MailKind[];
  /** This credit is the player's first paid order: first_purchase_bonuses/{uid} is created with it. */
  firstPaid: FirstPaidOrder | null;
  /** A promo code's use given back (-1: the order ended unpaid, or its payment was refused) or taken again (+1: paid after all); 0 otherwise. */
  codeUse: -1 | 0 | 1;
  /** The payment is refused and owed back in full: a refund request is created with it, under way at once. */
  refundOwed: NotCreditedReason | null;
}

/**
 * What applying the provider's word to a record writes, or null when it changes nothing. Both repositories apply
 * this, with the facts a credit is decided from (./creditRules) read in the same commit.
 */
export function planProviderAnswer(
  record: TransactionRecord,
  answer: ProviderAnswer,
  context: ApplyContext,
  now: number,
  facts: CreditFacts = NO_CREDIT_FACTS,
): AppliedChange | null {
  const change = changeFor(record, answer, context.said?.payMethod);
  if (!change) return null;
  const from = storedStatus(record);
  const { paymentMethod, payMethod } = context.said ?? {};
  const base = { orderId: record.order_id, userId: record.userId, at: now, source: context.source, ...(context.actor ? { actor: context.actor } : {}) };
  const events: OrderEvent[] = [];
  if (change.status !== from && context.playerStoppedWaiting) {
    events.push({ ...base, type: 'waitingStopped', statusFrom: from, statusTo: change.status, detail: 'a transfer that lands later is credited (or refunded) as a late payment' });
  } else if (change.status !== from) events.push({ ...base, type: 'providerAnswered', statusFrom: from, statusTo: change.status, providerStatus: answer.word });
  if (change.method === 'noted') {
    // A paid order's method is written once: another named later is what the provider said, and changes nothing else.
    events.push({ ...base, type: 'methodNamedLater', detail: `it said ${payMethod}; the order keeps ${record.payMethod}` });
    if (change.status === from && !change.credit) {
      return { update: { methodsNamedLater: [...(record.methodsNamedLater ?? []), payMethod!] }, credit: 0, events, mail: [], firstPaid: null, codeUse: 0, refundOwed: null };
    }
  }
  const methodWords = change.method === 'set' || !record.payMethod ? { ...(paymentMethod ? { paymentMethod } : {}), ...(payMethod ? { payMethod } : {}) } : {};
  // How 3-D Secure went is kept as the provider first said it with the payment's end: the evidence of a dispute.
  const threeDSecure = context.said?.threeDSecure && !record.threeDSecure ? { threeDSecure: context.said.threeDSecure } : {};
  const common = { status: change.status, ...(context.playerStoppedWaiting ? {} : { providerStatus: answer.word }), updatedAt: now, ...methodWords, ...threeDSecure };
  const holdsCode = record.offer?.kind === 'promoCode' && !record.offer.released;
  if (change.credit && facts.refusal) {
    const { reason, guardianEmail } = facts.refusal;
    events.push({ ...base, type: 'creditRefused', detail: `${NOT_CREDITED_TEXTS[reason]}` });
    return {
      update: {
        ...common,
        notCredited: { reason, at: now, ...(guardianEmail ? { guardianEmail } : {}) },
        refund: { status: 'approving', requestedAt: now },
        ...(holdsCode ? { offer: { ...record.offer!, released: true } } : {}),
      },
      credit: 0,
      events,
      mail: guardianEmail ? ['creditRefused', 'creditRefusedGuardian'] : ['creditRefused'],
      firstPaid: null,
      codeUse: holdsCode ? -1 : 0,
      refundOwed: reason,
    };
  }
  const credited = change.credit ? offerAsCredited(record, facts) : { offer: record.offer, codeUse: 0 as const };
  const releases = holdsCode && UNPAID_FINAL_STATUSES.includes(change.status);
  const offerNow = releases ? { ...record.offer!, released: true } : credited.offer;
  const credit = change.credit ? gemsOfOrder({ gemCount: record.gemCount, offer: offerNow }) : 0;
  const update: Partial<TransactionRecord> = {
    ...common,
    ...(change.credit ? { checked: 1 as const, paidAt: now } : {}),
    ...(offerNow && offerNow !== record.offer ? { offer: offerNow } : {}),
  };
  // What the ledger's door pays of the debt first, by the same rule, said in the order's history.
  const debtPaid = Math.min(facts.gemDebt, credit);
  if (change.credit) {
    const detail = offerNow?.bonusGems ? `of which ${bonusGemsText(offerNow.bonusGems)} (${offerNow.title})` : offerNow?.withheld;
    events.push({ ...base, type: 'credited', gems: credit, ...(detail ? { detail } : {}) });
    if (debtPaid > 0) events.push({ ...base, type: 'debtPaid', gems: -debtPaid, detail: `${formatGemCount(facts.gemDebt - debtPaid)} gems still owed` });
  }
  const firstPurchaseGems = offerNow?.kind === 'firstPurchase' ? offerNow.bonusGems : 0;
  return {
    update,
    credit,
    events,
    // A gift's recipient is told too (an email to their account's address, beside the game's event).
    mail: change.credit ? (record.gift ? ['receipt', 'giftReceived'] : ['receipt']) : [],
    firstPaid: change.credit && !facts.firstPaid ? { orderId: record.order_id, gems: firstPurchaseGems } : null,
    codeUse: releases ? -1 : credited.codeUse,
    refundOwed: null,
  };
}
