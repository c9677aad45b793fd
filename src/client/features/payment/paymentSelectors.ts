import { selectOpenOrders } from './openOrdersSlice';
import { selectAwaitingEntries, selectEntries, type OpenOrderQuestion } from './paymentSlice';

/**
 * What a Submit weighs before it opens a checkout, read across the payments of this tab and the server's list
 * of the player's open orders.
 */

/** The part of the store these read: the payment and open-order slices. */
type PaymentsRead = Parameters<typeof selectEntries>[0] & Parameters<typeof selectOpenOrders>[0];

/**
 * The order a Submit asks about first: this tab's own order still awaiting payment, else the newest open order
 * the server knows of that this tab does not hold and whose checkout can be reopened; null when there is none.
 */
export function selectOrderToAskAbout(state: PaymentsRead): OpenOrderQuestion | null {
  const own = selectAwaitingEntries(state)[0];
  if (own?.orderId && own.checkoutUrl) return { orderId: own.orderId, packId: own.packId, checkoutUrl: own.checkoutUrl, paymentId: own.paymentId, gives: own.gives };
  const held = new Set(Object.values(selectEntries(state)).map((entry) => entry.orderId));
  const elsewhere = selectOpenOrders(state).list.find((order) => order.checkoutUrl && !held.has(order.orderId));
  return elsewhere?.checkoutUrl ? { orderId: elsewhere.orderId, packId: elsewhere.packId, checkoutUrl: elsewhere.checkoutUrl, paymentId: null, gives: elsewhere.gives } : null;
}

/** The open orders the player knows of here: this tab's still payable ones, and the server's (the API's `openOrdersSeen`). */
export function selectOpenOrdersSeen(state: PaymentsRead): string[] {
  return [
    ...new Set([
      ...selectAwaitingEntries(state).flatMap((entry) => (entry.orderId ? [entry.orderId] : [])),
      ...selectOpenOrders(state).list.map((order) => order.orderId),
    ]),
  ];
}
