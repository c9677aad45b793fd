import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { LINKOUT_WINDOW_MS } from '../../shared/saleSource';
import type { TransactionRecord } from '../orders/orderRules';

/** One order of the link-out ledger: paid within a day of the game's link-out. */
export interface LinkoutLedgerLine {
  orderId: string;
  paidAt: number;
  amount: string;
  currency: string;
  platform: string;
  storefront: string;
  linkoutAt: number;
}

/** The order's line when its payment landed within LINKOUT_WINDOW_MS after the link-out its last touch carried, else null. */
export function linkoutLineOf(order: TransactionRecord): LinkoutLedgerLine | null {
  const touch = order.source?.last;
  if (!touch?.linkoutAt || !order.paidAt || !touch.platform) return null;
  const after = order.paidAt - touch.linkoutAt;
  if (after < 0 || after > LINKOUT_WINDOW_MS) return null;
  return { orderId: order.order_id, paidAt: order.paidAt, amount: order.amount, currency: order.currency, platform: touch.platform, storefront: touch.storefront ?? '', linkoutAt: touch.linkoutAt };
}

/**
 * The orders paid from `from` to `to` (ms) within a day of a link-out, oldest first: one read of the period's paid
 * orders (by paidAt alone, its own index), for the platforms' fee reports (docs/game-integration.md).
 */
export async function linkoutLedger(db: Firestore, from: number, to: number): Promise<LinkoutLedgerLine[]> {
  const paid = await db.collection(COLLECTIONS.transactions).where('paidAt', '>=', from).where('paidAt', '<', to).get();
  return paid.docs
    .map((doc) => linkoutLineOf(doc.data() as TransactionRecord))
    .filter((line): line is LinkoutLedgerLine => line !== null)
    .sort((a, b) => a.paidAt - b.paidAt);
}

/** The ledger as CSV (RFC 4180, times in ISO 8601 UTC). */
export function linkoutCsv(lines: readonly LinkoutLedgerLine[]): string {
  const header = 'order_id,paid_at,amount,currency,platform,storefront,linkout_at';
  const rows = lines.map((line) => [line.orderId, new Date(line.paidAt).toISOString(), line.amount, line.currency, line.platform, line.storefront, new Date(line.linkoutAt).toISOString()].join(','));
  return [header, ...rows].join('\r\n') + '\r\n';
}
