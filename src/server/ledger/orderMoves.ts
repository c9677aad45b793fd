import type { LedgerGiftSide, LedgerKind, LedgerMove, LedgerStaff } from '../../shared/ledger';
import type { OfferKind } from '../../shared/offers/offer';
import type { OrderGift } from '../../shared/gifts/gift';

/** What a move needs of an order (transactions/{orderId}): whose, its pack as sold, its offer, and a gift's recipient. */
export interface MovedOrder {
  order_id: string;
  userId: string;
  gemCount: number;
  product_name: string;
  offer?: { kind: OfferKind };
  gift?: OrderGift;
}

/** Whose ledger an order's gems move in: a gift's recipient, else the player who paid. */
export const creditedUidOf = (order: Pick<MovedOrder, 'userId' | 'gift'>) => order.gift?.toUid ?? order.userId;

/** A gift's side of a move in `uid`'s ledger: who sent it (the payer's name if shown), or to whom it went. */
export function giftSideOf(order: Pick<MovedOrder, 'userId' | 'gift'>, uid: string): LedgerGiftSide | null {
  const { gift } = order;
  if (!gift) return null;
  if (uid === gift.toUid) return { side: 'received', name: gift.fromName, tag: null };
  return { side: 'sent', name: gift.maskedName, tag: gift.tag };
}

/**
 * A move of an order's gems: `gems` given (+) or taken (−), of which what exceeds the pack's gems is its offer's bonus
 * (as the game's event splits it), with the order and its pack as sold named for the statement. It moves in the
 * ledger of the player the order credits (a gift's recipient), or in `extra.uid`'s (a gift's payer: their line of it,
 * and what a chargeback takes from them).
 */
export function orderMove(
  kind: LedgerKind,
  order: MovedOrder,
  gems: number,
  at: number,
  extra: { round?: number; nth?: number; staff?: LedgerStaff; uid?: string } = {},
): LedgerMove {
  const uid = extra.uid ?? creditedUidOf(order);
  const bonusGems = Math.abs(gems) - Math.min(Math.abs(gems), order.gemCount);
  const gift = giftSideOf(order, uid);
  return {
    kind,
    uid,
    gems,
    bonusGems,
    ...(bonusGems > 0 && order.offer ? { bonusKind: order.offer.kind } : {}),
    orderId: order.order_id,
    productName: order.product_name,
    ...(extra.round && extra.round > 1 ? { round: extra.round } : {}),
    ...(extra.nth && extra.nth > 1 ? { nth: extra.nth } : {}),
    ...(extra.staff ? { staff: { uid: extra.staff.uid, email: extra.staff.email } } : {}),
    ...(gift ? { gift } : {}),
    at,
  };
}
