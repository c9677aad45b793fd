import type { LedgerKind, LedgerMove, LedgerStaff } from '../../shared/ledger';
import type { OfferKind } from '../../shared/offers/offer';

/** What a move needs of an order (transactions/{orderId}): whose, its pack as sold, and its offer. */
export interface MovedOrder {
  order_id: string;
  userId: string;
  gemCount: number;
  product_name: string;
  offer?: { kind: OfferKind };
}

/**
 * A move of an order's gems: `gems` given (+) or taken (−), of which what exceeds the pack's gems is its offer's bonus
 * (as the game's event splits it), with the order and its pack as sold named for the statement.
 */
export function orderMove(
  kind: LedgerKind,
  order: MovedOrder,
  gems: number,
  at: number,
  extra: { round?: number; nth?: number; staff?: LedgerStaff } = {},
): LedgerMove {
  const bonusGems = Math.abs(gems) - Math.min(Math.abs(gems), order.gemCount);
  return {
    kind,
    uid: order.userId,
    gems,
    bonusGems,
    ...(bonusGems > 0 && order.offer ? { bonusKind: order.offer.kind } : {}),
    orderId: order.order_id,
    productName: order.product_name,
    ...(extra.round && extra.round > 1 ? { round: extra.round } : {}),
    ...(extra.nth && extra.nth > 1 ? { nth: extra.nth } : {}),
    ...(extra.staff ? { staff: { uid: extra.staff.uid, email: extra.staff.email } } : {}),
    at,
  };
}
