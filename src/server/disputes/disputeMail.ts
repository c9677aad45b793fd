import { formatGatewayAmount, formatGemCount } from '../../shared/money';
import { disputeTexts } from '../../shared/disputes/dispute';
import { receiptPath } from '../../shared/routes';
import { publicBaseUrl, type Settings } from '../config/settings';
import { facts, layout, type MailMessage } from '../mail/mailLayout';
import type { DisputeMailKind } from '../mail/outbox';
import { invoiceRows, orderRows, type OrderMailFacts } from '../orders/orderMail';
import { gemsOfOrder } from '../orders/orderRules';

/** A dispute's email to its player, written from the order as it stands; null without an account address or a dispute. */
export function composeDisputeMail(settings: Settings, kind: DisputeMailKind, { order, accountEmail }: OrderMailFacts): MailMessage | null {
  const dispute = order.dispute;
  if (!accountEmail || !dispute) return null;
  const amount = formatGatewayAmount(order.amount);
  const link = { label: 'View your order', url: `${publicBaseUrl(settings)}${receiptPath(order.order_id)}` };
  const rows = facts(orderRows(order, gemsOfOrder(order)));
  switch (kind) {
    case 'disputeOpened': {
      const taken = dispute.gemsTaken + dispute.debtAdded;
      return {
        to: accountEmail,
        subject: `Your bank is reviewing your payment for order ${order.order_id}`,
        ...layout(
          settings,
          'Your bank is reviewing a payment',
          [
            `Your bank told us you disputed your payment of ${amount} for ${order.product_name}. While it decides, the gems of that order are taken back${taken > 0 ? `: ${formatGemCount(taken)} gems` : ''}.`,
            dispute.debtAdded > 0
              ? `Your balance held ${formatGemCount(dispute.gemsTaken)} of them; the other ${formatGemCount(dispute.debtAdded)} are owed, and your next purchases pay them first. Your balance never goes below zero.`
              : 'Your balance held them all.',
            disputeTexts.paused(settings.SUPPORT_EMAIL),
            `If you did not mean to dispute it, tell your bank and write to ${settings.SUPPORT_EMAIL}.`,
          ],
          rows,
          link,
        ),
      };
    }
    case 'disputeWon':
      return {
        to: accountEmail,
        subject: `Your bank's review of order ${order.order_id} is over`,
        ...layout(
          settings,
          'The payment stands, and your gems are back',
          [`Your bank decided your payment of ${amount} for ${order.product_name} stands. The gems taken back while it decided are yours again, and you can buy in the store again.`],
          rows,
          link,
        ),
      };
    case 'disputeChargedBack':
      return {
        to: accountEmail,
        subject: `Your payment for order ${order.order_id} was charged back`,
        ...layout(
          settings,
          'Your payment was charged back',
          [
            `Your bank returned your payment of ${amount} for ${order.product_name} to your card. The gems of that order stay taken back. Your receipt now carries an adjustment note.`,
            'The bank has decided, so this payment no longer pauses your buying in the store.',
            `Questions? Write to ${settings.SUPPORT_EMAIL}.`,
          ],
          facts(invoiceRows(settings, order)),
          link,
        ),
      };
  }
}
