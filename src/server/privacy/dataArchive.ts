import { Zip, ZipDeflate } from 'fflate';
import { stringify } from 'csv-stringify/sync';
import type { Writable } from 'node:stream';
import { statementLineOf, type LedgerEntry } from '../../shared/ledger';
import { toOrderView, type OrderView } from '../../shared/orders/orderView';
import { ARCHIVE_FILES, ARCHIVE_SECTIONS, type ArchiveSectionKey, type DataArchive, type PrivacyRequestView } from '../../shared/privacy/privacy';
import { wallTimeOf } from '../../shared/wallTime';
import { asText, statementCsv } from '../ledger/statement';
import type { PlayerAccount } from '../support/playerDirectory';
import type { StoredPlayerData } from './playerDataReads';

/** What the archive is made from: the account, what the collections hold, its ledger, and its requests. */
export interface ArchiveSources {
  account: PlayerAccount;
  stored: StoredPlayerData;
  ledger: readonly LedgerEntry[];
  requests: PrivacyRequestView[];
}

/** The fields of an order a tax invoice carries about its buyer (shared with the deletion: they are what it keeps). */
export const RECEIPT_FIELDS = ['firstname', 'lastname', 'address', 'city', 'state', 'postcode', 'country', 'email', 'phone'] as const;

/** The orders CSV: one row an order, oldest first, as the orders page shows it. */
export const ORDERS_CSV_COLUMNS = ['Order', 'Made', 'Pack', 'Gems', 'Bonus gems', 'Amount', 'Currency', 'Status', 'Credited', 'Paid', 'Paid with', 'Refund', 'Refunded', 'Gift to'] as const;

export function ordersCsv(orders: readonly OrderView[], timeZone: string): string {
  const time = (at: number | null) => (at === null ? '' : wallTimeOf(timeZone, at).replace('T', ' '));
  const rows = orders.map((order) => [
    order.orderId,
    time(order.createdAt),
    asText(order.productName),
    order.gemCount,
    order.bonusGems,
    order.amount,
    order.currency,
    order.status,
    order.credited ? 'yes' : 'no',
    time(order.paidAt),
    asText(order.payMethod ?? order.paymentMethod ?? ''),
    order.refund?.status ?? '',
    time(order.refundedAt),
    order.gift ? asText(`${order.gift.maskedName} #${order.gift.tag}`) : '',
  ]);
  return stringify([ORDERS_CSV_COLUMNS.map((column) => (column === 'Made' ? `Made (${timeZone})` : column)), ...rows], { record_delimiter: 'windows' });
}

const pick = (record: Record<string, unknown>, fields: readonly string[]) => Object.fromEntries(fields.filter((field) => record[field] !== undefined).map((field) => [field, record[field]]));

/** The archive's JSON: each section's words and what the store holds, from the account's own records only. */
export function dataArchiveOf({ account, stored, ledger, requests }: ArchiveSources, madeAt: number): { archive: DataArchive; orders: OrderView[] } {
  const orders = stored.orders.map((order) => toOrderView(order.order_id, { ...order }));
  const data: Record<ArchiveSectionKey, unknown> = {
    profile: { ...account, gems: Number(stored.user?.gemCount ?? 0), gemsOwed: Number(stored.user?.gemDebt ?? 0) },
    orders,
    receipts: stored.orders.map((order) => ({ orderId: order.order_id, ...pick({ ...order }, RECEIPT_FIELDS), tax: order.tax ?? null })),
    refunds: stored.refunds.map((refund) => pick(refund, ['orderId', 'reason', 'status', 'createdAt', 'amount', 'gemCount', 'productName', 'decidedAt', 'declineReason'])),
    disputes: stored.disputes.map((dispute) => pick(dispute, ['orderId', 'status', 'reasonCode', 'amount', 'currency', 'openedAt', 'decidedAt', 'gemsTaken', 'debtAdded'])),
    gemStatement: { gems: Number(stored.user?.gemCount ?? 0), owed: Number(stored.user?.gemDebt ?? 0), lines: ledger.map(statementLineOf) },
    gifts: {
      dailyGifts: stored.dailyGiftClaims.map((claim) => pick(claim, ['claimId', 'day', 'step', 'gems', 'at'])),
      sent: stored.orders.filter((order) => order.gift).map((order) => ({ orderId: order.order_id, to: `${order.gift!.maskedName} #${order.gift!.tag}`, message: order.gift!.message, showedMyName: order.gift!.showName })),
      received: ledger.filter((entry) => entry.kind === 'gift').map((entry) => ({ orderId: entry.orderId, from: entry.gift?.name ?? null, gems: entry.gems, at: entry.at })),
    },
    rememberedDetails: stored.billingProfile && {
      details: stored.billingProfile.details,
      savedAt: stored.billingProfile.updatedAt,
      forgottenBy: (stored.billingProfile.expireAt as { toDate?: () => Date } | undefined)?.toDate?.().toISOString() ?? null,
    },
    protections: { current: stored.protections, history: stored.protectionEvents, guardianConsentRequests: stored.consentRequests.map((request) => pick(request, ['requestId', 'guardianEmail', 'createdAt', 'usedAt', 'decision'])) },
    gameLinks: { playerTag: stored.tag, storeSessions: stored.storeSessions.map((session) => pick(session, ['sessionId', 'startedOn', 'createdAt', 'expiresAt', 'endedAt', 'personalDataAt'])) },
    offers: { tailoredOffers: stored.offerPreference ? !stored.offerPreference.optedOut : true, experiments: stored.experiments, firstPurchaseBonus: stored.firstPurchaseBonus, offersOnOrders: stored.orders.filter((order) => order.offer).map((order) => ({ orderId: order.order_id, offer: order.offer })) },
    visits: {
      purchases: stored.orders.filter((order) => order.source).map((order) => ({ orderId: order.order_id, source: order.source })),
      dailyGiftBrowsers: [...new Set(stored.dailyGiftClaims.map((claim) => claim.deviceKey as string))],
      paymentChecks: stored.paymentChecks,
    },
    requests,
  };
  const sections = Object.fromEntries(ARCHIVE_SECTIONS.map(({ key, title, what, why }) => [key, { title, what, why, data: data[key] ?? null }])) as DataArchive['sections'];
  return { archive: { account: account.uid, madeAt: new Date(madeAt).toISOString(), sections }, orders };
}

/**
 * Writes the archive as a zip to `out` as it is made (data.json, orders.csv, gem-movements.csv), and ends it: a file
 * at a time through fflate's streaming zip, so a long history is never held twice.
 */
export function streamArchive(out: Writable, sources: ArchiveSources, madeAt: number, timeZone: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      out.write(Buffer.from(chunk));
      if (final) {
        out.end();
        resolve();
      }
    });
    const add = (name: string, text: string) => {
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      file.push(new TextEncoder().encode(text), true);
    };
    const { archive, orders } = dataArchiveOf(sources, madeAt);
    add(ARCHIVE_FILES.json, JSON.stringify(archive, null, 2));
    add(ARCHIVE_FILES.orders, ordersCsv(orders, timeZone));
    add(ARCHIVE_FILES.gemMovements, statementCsv(sources.ledger, timeZone));
    zip.end();
  });
}
