import { ORDER_ID_PATTERN } from '../../shared/paymentProtocol';
import { describeOrderEvent } from '../../shared/orders/orderEvents';
import { isStillWatched } from '../../shared/orders/orderStatus';
import { toOrderView } from '../../shared/orders/orderView';
import { policyFacts } from '../../shared/policy';
import { replyDue } from '../../shared/support/replyDue';
import type {
  ProviderCheckResult,
  SupportHealth,
  SupportOrderDetail,
  SupportOrderSummary,
} from '../../shared/support/supportViews';
import type { StaffMember } from '../auth/requireSupport';
import { HttpError } from '../http/errors';
import { checkWithProvider } from '../provider/providerCheck';
import { providerAnswer } from '../provider/providerAnswer';
import { storedStatus, type TransactionRecord } from '../orders/orderRules';
import type { RefundDeps } from '../refunds/refundService';
import { refundBlocked } from '../refunds/refundPlans';
import { toRefundView } from '../orders/refundRequestRecord';
import type { ProtectionsRepository } from '../protections/protectionsRepository';
import { ageBandOrNull } from '../../shared/protections/playerProtections';
import { dateIn } from '../../shared/protections/age';
import { limitAt } from '../../shared/protections/spendingLimit';
import type { PlayerDirectory } from './playerDirectory';
import type { LedgerRepository } from '../ledger/ledgerRepository';
import type { BooksCheckRecords } from '../ledger/booksCheckRecords';
import { statementLineOf } from '../../shared/ledger';
import type { StaffRecords } from '../auth/supportRole';
import { normalizePlayerTag, PLAYER_TAG_PATTERN } from '../../shared/playerTag';
import { SEARCH_LIMIT, type SupportReadModel } from './supportReadModel';
import type { DisputesRepository } from '../disputes/disputesRepository';
import { disputeFigures } from './disputeDesk';
import type { GameEventsRepository } from '../gameDelivery/gameEventsRepository';
import type { StatsRepository } from '../overview/statsRepository';
import { deliveryFigures, gameEventsOfOrder } from '../gameDelivery/deliveryDesk';

export interface SupportDeps extends RefundDeps {
  disputes: DisputesRepository;
  gameEvents: GameEventsRepository;
  stats: StatsRepository;
  protections: ProtectionsRepository;
  readModel: SupportReadModel;
  directory: PlayerDirectory;
  staff: StaffRecords;
  /** The gem ledger: each player's statement, and the moves of an order. */
  ledger: LedgerRepository;
  /** The nightly checks of the books: the last is on the health view. */
  booksChecks: BooksCheckRecords;
}

const UID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

const summaryOf = (record: TransactionRecord, playerEmail: string | null = null): SupportOrderSummary => ({
  order: toOrderView(record.order_id, { ...record }),
  userId: record.userId,
  playerEmail: record.accountEmail ?? playerEmail,
});

/** GET /api/support/orders?q=: by order number, by player email (their account's or the one given on the payment form), by uid or by player tag; newest first. */
export async function searchOrders(deps: SupportDeps, query: string): Promise<SupportOrderSummary[]> {
  const wanted = query.trim();
  if (!wanted) throw new HttpError(400, 'Search by order number, player email, uid or player tag.');
  if (ORDER_ID_PATTERN.test(wanted.toUpperCase())) {
    const record = await deps.orders.find(wanted.toUpperCase());
    return record ? [summaryOf(record)] : [];
  }
  if (wanted.includes('@')) {
    const email = wanted.toLowerCase();
    const account = await deps.directory.byEmail(email);
    const found = [...(account ? await deps.readModel.ordersOfPlayer(account.uid) : []), ...(await deps.readModel.ordersWithEmail(email))];
    const unique = [...new Map(found.map((record) => [record.order_id, record])).values()];
    return unique
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, SEARCH_LIMIT)
      .map((record) => summaryOf(record, record.userId === account?.uid ? account.email : null));
  }
  // A player tag ("#K7Q2M4XD", as the store's header and the game show it); without its "#", a uid may look alike.
  const byTag = PLAYER_TAG_PATTERN.test(wanted) ? await deps.readModel.uidsOfTag(normalizePlayerTag(wanted)) : [];
  if (byTag.length === 0 && wanted.startsWith('#') && PLAYER_TAG_PATTERN.test(wanted)) {
    // A tag as the game shows it, of nobody the store knows: the store records a tag when its player first signs in from the game.
    throw new HttpError(404, `No player with the tag ${wanted.toUpperCase()} has signed in to the store from the game. Search by the player's email or uid instead.`);
  }
  if (byTag.length === 0 && !UID_PATTERN.test(wanted)) throw new HttpError(400, 'That is not an order number, an email, a uid or a player tag.');
  const uids = byTag.length > 0 ? byTag : [wanted];
  const found = await Promise.all(
    uids.map(async (uid) => {
      const account = await deps.directory.byUid(uid);
      return (await deps.readModel.ordersOfPlayer(uid)).map((record) => summaryOf(record, account?.email ?? null));
    }),
  );
  return found.flat().sort((a, b) => b.order.createdAt - a.order.createdAt).slice(0, SEARCH_LIMIT);
}

export async function existingOrder(deps: SupportDeps, orderId: string): Promise<TransactionRecord> {
  const record = ORDER_ID_PATTERN.test(orderId) ? await deps.orders.find(orderId) : null;
  if (!record) throw new HttpError(404, 'There is no order with that number.');
  return record;
}

/** GET /api/support/orders/:orderId: the player, the pack, the amounts, the status, the history, the refund, and what may be done. */
export async function orderDetail(deps: SupportDeps, orderId: string, now = Date.now()): Promise<SupportOrderDetail> {
  const record = await existingOrder(deps, orderId);
  const recipientUid = record.gift?.toUid ?? null;
  const [events, request, balance, account, protections, protectionHistory, gameEvents, gemMoves, recipientMoves, recipient, recipientBalance] = await Promise.all([
    deps.readModel.eventsOf(orderId),
    deps.refunds.find(orderId),
    deps.balances.balanceOf(record.userId),
    deps.directory.byUid(record.userId),
    deps.protections.protectionsOf(record.userId, now),
    deps.protections.history(record.userId),
    gameEventsOfOrder(deps, orderId),
    deps.ledger.ofOrder(record.userId, orderId),
    // A gift's gems move in its recipient's ledger: support sees both sides.
    recipientUid ? deps.ledger.ofOrder(recipientUid, orderId) : Promise.resolve([]),
    recipientUid ? deps.directory.byUid(recipientUid) : Promise.resolve(null),
    recipientUid ? deps.balances.balanceOf(recipientUid) : Promise.resolve(0),
  ]);
  // The provider's last word, kept on the record, read at the edge as any other.
  const providerSaysPaid = providerAnswer(record.providerStatus ?? '').means === 'paid';
  return {
    order: toOrderView(orderId, { ...record }),
    tax: record.tax ?? null,
    player: { uid: record.userId, email: account?.email ?? record.accountEmail ?? null, balance },
    providerStatus: record.providerStatus ?? null,
    checks: {
      count: record.checks ?? 0,
      lastAt: record.lastCheckedAt ?? null,
      nextAt: typeof record.nextCheckAt === 'number' && isStillWatched({ status: storedStatus(record), createdAt: record.createdAt }, now) ? record.nextCheckAt : null,
    },
    timeline: events.map((event) => ({ at: event.at, type: event.type, source: event.source, text: describeOrderEvent(event), actor: event.actor ?? null })),
    refund: request && {
      ...toRefundView(request),
      replyDue: request.status === 'requested' ? replyDue(request.createdAt, now, deps.settings.STORE_TIME_ZONE, policyFacts.supportReplyWorkingDays) : null,
    },
    can: { creditManually: providerSaysPaid && record.checked !== 1, decideRefund: refundBlocked(record, request, 'approving') === null },
    gameEvents,
    gemMoves: [...gemMoves, ...recipientMoves].sort((a, b) => b.at - a.at || b.seq - a.seq).map(statementLineOf),
    giftRecipient:
      record.gift && recipientUid
        ? { uid: recipientUid, tag: record.gift.tag, maskedName: record.gift.maskedName, email: recipient?.email ?? null, balance: recipientBalance, message: record.gift.message, showName: record.gift.showName }
        : null,
    protections: {
      ageBand: ageBandOrNull(protections, dateIn(deps.settings.STORE_TIME_ZONE, now)),
      guardianConsent: protections.guardianConsent,
      spendingLimit: limitAt(protections.spendingLimit, now),
      limitSetBy: protections.limitSetBy,
      history: protectionHistory,
    },
    risk: record.risk ?? null,
    threeDSecure: record.threeDSecure ?? null,
  };
}

/** POST /api/support/orders/:orderId/check: the same re-check as the player's, audited with the staff member. */
export async function askProviderNow(deps: SupportDeps, staff: StaffMember, orderId: string): Promise<ProviderCheckResult> {
  const record = await existingOrder(deps, orderId);
  const check = await checkWithProvider(deps, orderId, 'support', {}, staff);
  const providerStatus = check && 'answer' in check ? check.answer.word : null;
  const failure = check && 'failure' in check ? check.failure : null;
  await deps.orders.appendHistory([
    {
      orderId,
      userId: record.userId,
      at: Date.now(),
      type: 'staffChecked',
      source: 'support',
      actor: staff,
      ...(providerStatus ? { providerStatus } : { detail: `the provider could not be asked (${failure})` }),
    },
  ]);
  deps.log.info({ event: 'support.checked', orderId, staff: staff.uid, providerStatus, failure });
  return { detail: await orderDetail(deps, orderId), providerStatus, failure };
}

/**
 * POST /api/support/orders/:orderId/credit: only when the provider says paid and the gems were not credited,
 * through the same exactly-once commit as every other check with the provider, with the staff member in the history.
 */
export async function creditManually(deps: SupportDeps, staff: StaffMember, orderId: string): Promise<SupportOrderDetail> {
  const record = await existingOrder(deps, orderId);
  if (record.checked === 1) throw new HttpError(409, 'The gems of this order were already credited.');
  const check = await checkWithProvider(deps, orderId, 'support', {}, staff);
  if (!check?.record || check.record.checked !== 1) {
    const said = check && 'answer' in check ? `says "${check.answer.word}"` : 'could not be asked';
    await deps.orders.appendHistory([
      { orderId, userId: record.userId, at: Date.now(), type: 'staffChecked', source: 'support', actor: staff, detail: `manual credit refused: the provider ${said}` },
    ]);
    throw new HttpError(409, `The provider ${said}, so there is nothing to credit.`);
  }
  deps.log.info({ event: 'support.credited', orderId, staff: staff.uid, creditedNow: check.creditedNow });
  return orderDetail(deps, orderId);
}

/** GET /api/support/health */
export async function storeHealth(deps: SupportDeps, now = Date.now()): Promise<SupportHealth> {
  const [health, disputes, delivery, books] = await Promise.all([deps.readModel.health(now), disputeFigures(deps, now), deliveryFigures(deps), deps.booksChecks.latest()]);
  return { ...health, disputes, delivery, books };
}
