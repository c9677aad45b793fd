import { formatAud, centsOfAmount, formatGemCount } from '../../shared/money';
import { disputeRateOf, disputeReasonText, isDisputeOpen, type DisputeRate } from '../../shared/disputes/dispute';
import { describeOrderEvent } from '../../shared/orders/orderEvents';
import { wasSold } from '../../shared/orders/orderStatus';
import { toOrderView } from '../../shared/orders/orderView';
import { playerTagOf } from '../../shared/playerTag';
import { policyFacts } from '../../shared/policy';
import { dateIn } from '../../shared/protections/age';
import { startOfMonthIn } from '../../shared/protections/spendingLimit';
import { ROUTES } from '../../shared/routes';
import { storeTimeFormat } from '../../shared/storeTime';
import type { DisputeDetail, DisputeQueueEntry, SupportHealth } from '../../shared/support/supportViews';
import { HttpError } from '../http/errors';
import { gemsOfOrder, type TransactionRecord } from '../orders/orderRules';
import type { DisputesRepository } from '../disputes/disputesRepository';
import { debtHeldBy } from '../disputes/disputeGems';
import type { Settings } from '../config/settings';
import type { OrdersRepository } from '../orders/ordersRepository';
import type { ProtectionsRepository } from '../protections/protectionsRepository';
import type { PlayerDirectory } from './playerDirectory';
import type { SupportReadModel } from './supportReadModel';
import { payMethodOrNull, payMethodText } from '../../shared/payMethod';
import { threeDSecureText } from '../../shared/risk/threeDSecure';

/** How many disputes the queue shows, newest first. */
const DISPUTE_QUEUE_LIMIT = 100;

/** What the dispute desk reads: the disputes, their orders and players, and the store's records of them. */
export interface DisputeDeskDeps {
  settings: Settings;
  orders: OrdersRepository;
  disputes: DisputesRepository;
  directory: PlayerDirectory;
  readModel: SupportReadModel;
  protections: ProtectionsRepository;
}

/** GET /api/support/disputes: the newest disputes first, with the amount, the reason and the evidence deadline; three reads, however long the queue. */
export async function disputeQueue(deps: DisputeDeskDeps): Promise<DisputeQueueEntry[]> {
  const disputes = await deps.disputes.listNewest(DISPUTE_QUEUE_LIMIT);
  const [orders, accounts] = await Promise.all([
    deps.orders.findMany(disputes.map((dispute) => dispute.orderId)),
    deps.directory.byUids(disputes.map((dispute) => dispute.userId)),
  ]);
  return disputes.map((dispute) => {
    const order = orders.get(dispute.orderId);
    return {
      dispute,
      playerEmail: accounts.get(dispute.userId)?.email ?? order?.accountEmail ?? null,
      productName: order?.product_name ?? '',
      gems: order ? gemsOfOrder(order) : 0,
    };
  });
}

/** This month's disputes against the card schemes' marks, and those still open: the health panel and /api/metrics. */
export async function disputeFigures(deps: { disputes: DisputesRepository; settings: Settings }, now: number): Promise<SupportHealth['disputes']> {
  const since = startOfMonthIn(deps.settings.STORE_TIME_ZONE, now);
  const { open, openedSince, paidSince } = await deps.disputes.figures(since);
  const month: DisputeRate = {
    month: dateIn(deps.settings.STORE_TIME_ZONE, since).slice(0, 7),
    disputes: openedSince,
    paidOrders: paidSince,
    rate: disputeRateOf(openedSince, paidSince),
  };
  return { open, month };
}

/**
 * GET /api/support/disputes/:orderId: the dispute with an evidence pack made of what the store already knows: the
 * order and its history, the account's age and sign-ins, where and when it was paid, the receipt email's delivery,
 * the gems spent before the dispute, and the terms in force.
 */
export async function disputeDetail(deps: DisputeDeskDeps, orderId: string): Promise<DisputeDetail> {
  const [dispute, order] = await Promise.all([deps.disputes.find(orderId), deps.orders.find(orderId)]);
  if (!dispute || !order) throw new HttpError(404, 'There is no dispute on that order.');
  const [account, gems, events, history, receipt, otherOrders] = await Promise.all([
    deps.directory.byUid(order.userId),
    deps.disputes.gemsOf(order.userId),
    deps.readModel.eventsOf(orderId),
    deps.protections.history(order.userId),
    deps.readModel.mailOf('receipt', orderId),
    deps.readModel.ordersOfPlayer(order.userId),
  ]);
  const others = otherOrders.filter((other) => other.order_id !== orderId);
  const detail: Omit<DisputeDetail, 'text'> = {
    dispute,
    order: toOrderView(orderId, { ...order }),
    player: {
      uid: order.userId,
      tag: playerTagOf(order.userId),
      email: account?.email ?? order.accountEmail ?? null,
      accountCreatedAt: account?.createdAt ?? null,
      lastSignInAt: account?.lastSignInAt ?? null,
      balance: gems.balance,
      debt: gems.debt,
      otherPaidOrders: others.filter((other) => wasSold(other.status) && !other.dispute).length,
      otherDisputes: others.filter((other) => other.dispute).length,
    },
    payment: paymentOf(order),
    receiptEmail: receipt && { to: account?.email ?? order.accountEmail ?? null, status: receipt.status, sentAt: receipt.sentAt },
    gemsSpentBeforeDispute: dispute.debtAdded,
    accountHistory: history,
    timeline: events.map((event) => ({ at: event.at, type: event.type, source: event.source, text: describeOrderEvent(event), actor: event.actor ?? null })),
    terms: { lastUpdated: policyFacts.lastUpdated, path: ROUTES.termsOfService },
    can: { accept: isDisputeOpen(dispute.status), evidenceSent: dispute.status === 'opened', writeOff: gems.debt > 0 && debtHeldBy(dispute) > 0 },
  };
  return { ...detail, text: evidenceText(detail, deps.settings.STORE_TIME_ZONE) };
}

function paymentOf(order: TransactionRecord): DisputeDetail['payment'] {
  const address = [order.address, order.city, order.state, order.postcode].filter(Boolean).join(', ');
  return {
    name: `${order.firstname} ${order.lastname}`.trim(),
    email: order.email,
    address,
    country: order.country,
    placedAt: order.createdAt,
    paidAt: order.paidAt ?? null,
    method: payMethodText(payMethodOrNull(order.payMethod)) ?? order.paymentMethod ?? null,
    threeDSecure: order.threeDSecure ?? null,
  };
}

/** The pack as plain text, for the provider's evidence form: facts only, each with its time. */
/** A refunded order's chargeback: the refund is the evidence (the cardholder had the money back already). */
function refundedBeforeDispute(detail: Omit<DisputeDetail, 'text'>, when: (at: number | null) => string): string[] {
  const refund = detail.timeline.find((entry) => entry.type === 'refundApproved');
  if (detail.order.status !== 'refunded' || !refund) return [];
  return [`The order was refunded in full to the card, ${formatAud(centsOfAmount(detail.order.amount))}, ${when(refund.at)}, before this dispute: the cardholder has had the money back already.`];
}

function evidenceText(detail: Omit<DisputeDetail, 'text'>, timeZone: string): string {
  const { dateTime } = storeTimeFormat(timeZone);
  const when = (at: number | null) => (at === null ? 'unknown' : dateTime(at));
  const { dispute, order, player, payment, receiptEmail } = detail;
  const lines = [
    `Order ${order.orderId}: ${order.productName}, ${formatGemCount(order.gemCount + order.bonusGems)} gems of the game Wyrmcrown, ${formatAud(centsOfAmount(order.amount))} incl. GST.`,
    `Dispute: ${disputeReasonText(dispute.reasonCode)}, opened ${when(dispute.openedAt)}${dispute.evidenceDueAt ? `, evidence due ${when(dispute.evidenceDueAt)}` : ''}.`,
    `Placed ${when(payment.placedAt)} by the signed-in account ${player.email ?? player.uid} (player #${player.tag}), made ${when(player.accountCreatedAt)}, last signed in ${when(player.lastSignInAt)}.`,
    `Paid ${when(payment.paidAt)} by ${payment.method ?? 'card'}; billing details given: ${payment.name}, ${payment.email}, ${payment.address}, ${payment.country}.`,
    ...(payment.threeDSecure ? [`3-D Secure: ${threeDSecureText[payment.threeDSecure]}.`] : []),
    `Gems credited to the account ${when(order.paidAt)}; ${formatGemCount(detail.gemsSpentBeforeDispute)} of them had been spent in the game before the dispute.`,
    ...refundedBeforeDispute(detail, when),
    receiptEmail ? `Receipt email to ${receiptEmail.to ?? 'the account'}: ${receiptEmail.status}${receiptEmail.sentAt ? ` ${when(receiptEmail.sentAt)}` : ''}.` : 'No receipt email on record.',
    `The account's other orders: ${player.otherPaidOrders} paid and undisputed, ${player.otherDisputes} disputed.`,
    `Terms of service in force (last updated ${detail.terms.lastUpdated}), linked from every page and the payment form.`,
    '',
    'Order history:',
    ...detail.timeline.map((entry) => `- ${when(entry.at)}: ${entry.text}`),
  ];
  return lines.join('\n');
}
