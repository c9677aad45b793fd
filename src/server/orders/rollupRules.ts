import { centsOfAmount } from '../../shared/money';
import { packKeyOf } from '../../shared/stats';
import { taxOf } from '../../shared/tax/orderTax';
import type { DayCounts } from '../overview/dailyStats';
import type { AppliedChange, TransactionRecord } from './orderRules';
import { countedSource } from '../../shared/saleSource';
import { armKey } from '../../shared/offers/experiment';

/**
 * The day's rollups (the overview, stats_daily/{day}) as each money move adds to them: pure rules, which the
 * Firestore commits write through the ledger's door (../ledger/gemLedger writeMove) and the in-memory fakes apply alike. A dispute's moves count in
 * their plans (disputes/disputePlans: dayCounts).
 */

/** The money moves the day counts apart: by the pack as sold, and a GST-free export's by its buyer's country (`cents` signed). */
/** Each of the order's experiment arms counted `count` times, by armKey. */
const byArm = (order: Pick<TransactionRecord, 'experiments'>, count: number) => Object.fromEntries((order.experiments ?? []).map(({ experimentId, arm }) => [armKey(experimentId, arm), count]));

export function netMoneyOf(order: Pick<TransactionRecord, 'tax' | 'packId' | 'product_name' | 'source' | 'creator' | 'experiments'>, cents: number): NetMoney {
  if (cents === 0) return {};
  const { treatment, country } = taxOf(order);
  return {
    sourceNetCents: { [countedSource(order.source)]: cents },
    ...(order.creator ? { creatorNetCents: { [order.creator.code]: cents } } : {}),
    ...(order.experiments?.length ? { experimentNetCents: byArm(order, cents) } : {}),
    ...(typeof order.packId === 'number' ? { packNetCents: { [packKeyOf(order.packId, order.product_name)]: cents } } : {}),
    ...(treatment === 'gstFreeExport' ? { exportNetCents: { [country]: cents } } : {}),
  };
}

export type NetMoney = Pick<DayCounts, 'exportNetCents' | 'packNetCents' | 'sourceNetCents' | 'creatorNetCents' | 'experimentNetCents'>;

/** An order made: one more on its day, by its source and its creator's code. */
export const orderMadeCounts = (order: Pick<TransactionRecord, 'source' | 'creator' | 'experiments'>): DayCounts => ({
  counts: { ordersMade: 1 },
  sourceOrders: { [countedSource(order.source)]: 1 },
  ...(order.creator ? { creatorOrders: { [order.creator.code]: 1 } } : {}),
  ...(order.experiments?.length ? { experimentOrders: byArm(order, 1) } : {}),
});

/**
 * What a provider's answer adds to its day: an order ending unpaid, by how; a payment that landed (paid, and its
 * money, whether credited or owed back, and apart when its player claimed a daily gift in the week before); a credit,
 * with its time from the provider's payment.
 */
export function providerAnswerCounts(
  record: TransactionRecord,
  plan: Pick<AppliedChange, 'update' | 'credit' | 'refundOwed'>,
  now: number,
  paidAtProvider: number | null,
  giftClaimer = false,
): DayCounts {
  const status = plan.update.status;
  const ended = status === 'failed' ? 'declined' : status === 'cancelled' ? 'cancelled' : status === 'expired' ? 'expired' : null;
  const landed = plan.credit > 0 || plan.refundOwed !== null;
  return {
    counts: {
      ...(ended ? { [ended]: 1 } : {}),
      ...(landed ? { paid: 1, paidCents: centsOfAmount(record.amount) } : {}),
      ...(landed && giftClaimer ? { paidByGiftClaimers: 1, paidByGiftClaimersCents: centsOfAmount(record.amount) } : {}),
      ...(plan.credit > 0 ? { credited: 1 } : {}),
    },
    ...(plan.credit > 0 && paidAtProvider !== null ? { creditLagMs: now - paidAtProvider } : {}),
    ...(landed ? netMoneyOf(record, centsOfAmount(record.amount)) : {}),
    ...(landed && typeof record.packId === 'number' ? { packPaid: { [packKeyOf(record.packId, record.product_name)]: 1 } } : {}),
    ...(landed ? { sourcePaid: { [countedSource(record.source)]: 1 } } : {}),
    ...(landed && record.creator ? { creatorPaid: { [record.creator.code]: 1 } } : {}),
    ...(landed && record.experiments?.length ? { experimentPaid: byArm(record, 1) } : {}),
  };
}

/** A refund's move: the money back to the card once the order is refunded; nothing while it is under way or refused. */
export const refundMoveCounts = (order: Pick<TransactionRecord, 'amount' | 'tax' | 'packId' | 'product_name'>, statusAfter: TransactionRecord['status'] | undefined): DayCounts =>
  statusAfter === 'refunded' ? { counts: { refunded: 1, refundedCents: centsOfAmount(order.amount) }, ...netMoneyOf(order, -centsOfAmount(order.amount)) } : {};
