import { centsOfAmount, formatAud, formatGemCount } from '../../../../shared/money';
import { creditedGems } from '../../../../shared/offers/offer';
import type { OrderActionDone, OrderActionKind } from './supportOrdersApi';

/** What the staff member is told once an action on an order is done. */
export function orderActionMessage(kind: OrderActionKind, { detail, check }: OrderActionDone): string {
  const { order } = detail;
  switch (kind) {
    case 'check':
      return check?.providerStatus ? `The provider says "${check.providerStatus}".` : `The provider could not be asked (${check?.failure ?? 'no answer'}).`;
    case 'credit':
      return `${formatGemCount(creditedGems(order))} gems credited to the player.`;
    case 'approve':
      return `Refund approved: the provider returns ${formatAud(centsOfAmount(order.amount))} to the player's card, ${formatGemCount(creditedGems(order))} gems were taken back, and the player is emailed.`;
    case 'decline':
      return 'Refund declined; the player is shown and emailed the reason.';
  }
}
