import { formatAud, formatGatewayAmount, formatGemCount } from '../../shared/money';
import { toOrderView } from '../../shared/orders/orderView';
import { INVOICE_TITLES, taxInvoiceOf } from '../../shared/orders/taxInvoice';
import { taxOf } from '../../shared/tax/orderTax';
import { methodOnReceipt } from '../../shared/payMethod';
import { policyFacts } from '../../shared/policy';
import type { RefundRequestView } from '../../shared/refunds/refundRequest';
import { receiptPath, ROUTES, supportOrderPath } from '../../shared/routes';
import { giftTexts } from '../../shared/gifts/gift';
import { storeTimeFormat } from '../../shared/storeTime';
import { publicBaseUrl, type Settings } from '../config/settings';
import { gemsOfOrder, type TransactionRecord } from './orderRules';
import { bonusGemsText, orderBonusText } from '../../shared/offers/offer';
import { NOT_CREDITED_TEXTS } from '../../shared/orders/orderView';
import { facts, layout, type MailMessage } from '../mail/mailLayout';
import type { OrderMailKind } from '../mail/outbox';


/** What an order's emails are written from. */
export interface OrderMailFacts {
  order: TransactionRecord;
  refund: (RefundRequestView & { accountEmail?: string }) | null;
  /**
   * The email of the player's account as it is now: the only address the player's emails go to. The email
   * typed on the payment form is the provider's to use, so the store can never be made to mail a stranger.
   */
  accountEmail: string | null;
  /** A gift's recipient's account email as it is now (the gift's email goes there only); null for any other order. */
  recipientEmail?: string | null;
}

/**
 * The rows an order's email starts from: its number, the item, and the amount. `gems`: the gems to name beside the
 * item (the pack's, or what landed with a bonus), or null where none were added.
 */
export function orderRows(order: TransactionRecord, gems: number | null): Array<[string, string]> {
  return [
    ['Order number', order.order_id],
    ['Item', gems === null ? order.product_name : `${order.product_name} (${formatGemCount(gems)} gems)`],
    ['Amount', formatGatewayAmount(order.amount)],
  ];
}

/** The tax invoice's figures, as the receipt page shows them (a chargeback's email carries them too). */
export function invoiceRows(settings: Settings, order: TransactionRecord): Array<[string, string]> {
  const view = toOrderView(order.order_id, { ...order });
  const invoice = taxInvoiceOf(view);
  const { date } = storeTimeFormat(settings.STORE_TIME_ZONE);
  const rows: Array<[string, string]> = [
    ['Seller', settings.SELLER_LEGAL_NAME],
    ['ABN', settings.SELLER_ABN],
    ...(invoice ? [['Date of issue', date(invoice.issuedAt)] as [string, string]] : []),
    ['Order number', order.order_id],
    ['Item', `${order.product_name} (${formatGemCount(order.gemCount)} gems)`],
    ['Qty', '1'],
  ];
  const bonus = orderBonusText(view) ?? view.bonusWithheld;
  if (bonus) rows.push(['Bonus', bonus]);
  if (invoice?.gstCents === null) rows.push(['Total', formatAud(invoice.totalCents)], ['GST', invoice.exportReason!]);
  else if (invoice) rows.push(['Total (incl. GST)', formatAud(invoice.totalCents)], ['GST included', formatAud(invoice.gstCents)]);
  rows.push(['Payment method', methodOnReceipt(view)]);
  if (view.creatorName) rows.push(['Creator', view.creatorName]);
  // The receipt's adjustment note, the same figures (the refund email carries it).
  if (invoice?.adjustment) {
    const { labels, at, amountCents, gstCents } = invoice.adjustment;
    rows.push([labels.on, date(at)], [labels.amount, formatAud(amountCents)]);
    if (gstCents !== null) rows.push(['GST adjusted', formatAud(gstCents)]);
  }
  return rows;
}

/** The email an outbox entry owes, written from the order as it stands; null when there is nothing to send. */
export function composeOrderMail(settings: Settings, kind: OrderMailKind, { order, refund, accountEmail, recipientEmail = null }: OrderMailFacts): MailMessage | null {
  const store = publicBaseUrl(settings);
  const receiptUrl = `${store}${receiptPath(order.order_id)}`;
  const amount = formatGatewayAmount(order.amount);
  switch (kind) {
    case 'receipt':
      if (!accountEmail) return null;
      return {
        to: accountEmail,
        subject: `Your ${settings.GAME_NAME} receipt: ${order.product_name}, order ${order.order_id}`,
        ...layout(
          settings,
          INVOICE_TITLES[taxOf(order).treatment],
          [
            order.gift
              ? `Thank you for your gift. ${giftTexts.receiptLine(order.gift.maskedName, order.gift.tag)}: ${formatGemCount(gemsOfOrder(order))} gems have been added to their ${settings.GAME_NAME} account.`
              : `Thank you for your purchase. ${formatGemCount(gemsOfOrder(order))} gems have been added to your ${settings.GAME_NAME} account${order.offer?.bonusGems ? `, ${bonusGemsText(order.offer.bonusGems)} included` : ''}.`,
          ],
          facts(invoiceRows(settings, order)),
          { label: 'View or print your receipt', url: receiptUrl },
        ),
      };
    case 'refundRequested':
      if (!refund) return null;
      return {
        to: settings.SUPPORT_EMAIL,
        subject: `Refund requested: order ${order.order_id} (${amount})`,
        ...layout(
          settings,
          'A player asked for a refund',
          [
            `Please reply within ${policyFacts.supportReplyWorkingDays} working days, as the refund policy promises.`,
            `The player's reason: ${refund.reason}`,
          ],
          facts([
            ...orderRows(order, order.gemCount),
            ['Player', `${accountEmail ?? refund.accountEmail ?? order.accountEmail ?? order.email} (uid ${order.userId})`],
            ['Requested', storeTimeFormat(settings.STORE_TIME_ZONE).dateTime(refund.createdAt)],
          ]),
          { label: 'Open the order in the support console', url: `${store}${supportOrderPath(order.order_id)}` },
        ),
      };
    case 'refundAcknowledged':
      if (!refund || !accountEmail) return null;
      return {
        to: accountEmail,
        subject: `We have your refund request for order ${order.order_id}`,
        ...layout(
          settings,
          'Your refund request is in',
          [
            `Thank you: our support team will reply within ${policyFacts.supportReplyWorkingDays} working days. You can follow the request on your order's receipt.`,
            `Your reason: ${refund.reason}`,
          ],
          facts([...orderRows(order, order.gemCount), ['Requested', storeTimeFormat(settings.STORE_TIME_ZONE).dateTime(refund.createdAt)]]),
          { label: 'View your order', url: receiptUrl },
        ),
      };
    case 'refundApproved':
      if (!accountEmail) return null;
      return {
        to: accountEmail,
        subject: `Your refund for order ${order.order_id} is approved`,
        ...layout(
          settings,
          'Your refund is approved',
          [
            `We have asked the payment provider to return ${amount} to your card; approved refunds usually arrive within about ${policyFacts.refundProcessingDays} days.`,
            order.notCredited
              ? `No gems were added for this payment: ${NOT_CREDITED_TEXTS[order.notCredited.reason]}.`
              : order.offer?.bonusGems
                ? `The ${formatGemCount(gemsOfOrder(order))} gems of this order, ${bonusGemsText(order.offer.bonusGems)} included, have been removed from your balance.`
                : `The ${formatGemCount(order.gemCount)} gems of this pack have been removed from your balance.`,
          ],
          facts(invoiceRows(settings, order)),
          { label: 'View your order', url: receiptUrl },
        ),
      };
    case 'creditRefused':
    case 'creditRefusedGuardian': {
      const refused = order.notCredited;
      const to = kind === 'creditRefused' ? accountEmail : (refused?.guardianEmail ?? null);
      if (!refused || !to) return null;
      const why = NOT_CREDITED_TEXTS[refused.reason];
      const forGuardian = kind === 'creditRefusedGuardian';
      return {
        to,
        subject: `${forGuardian ? `A payment of ${accountEmail ?? 'the player'}` : 'Your payment'} for order ${order.order_id} is being refunded`,
        ...layout(
          settings,
          forGuardian ? 'A young player’s payment is being refunded' : 'Your payment is being refunded',
          [
            forGuardian
              ? `A payment of ${amount} for ${order.product_name} by ${accountEmail ?? 'the player you consented for'} arrived late, and ${why.replace('your', "the player's")}. No gems were added: the whole amount goes back to the card.`
              : `Your payment of ${amount} for ${order.product_name} arrived after the order had closed, and ${why}. No gems were added: the whole amount goes back to your card.`,
            `Approved refunds usually arrive within about ${policyFacts.refundProcessingDays} days.`,
          ],
          facts(orderRows(order, null)),
          { label: 'View the order', url: receiptUrl },
        ),
      };
    }
    case 'deliveryDeclined':
      if (!accountEmail || !order.gameDeclined) return null;
      return {
        to: accountEmail,
        subject: `Your payment for order ${order.order_id} is being refunded`,
        ...layout(
          settings,
          'Your payment is being refunded',
          [
            `${settings.GAME_NAME} could not take the gems of your order (${order.gameDeclined.reason}), so they were not added, and your payment of ${amount} goes back to your card in full.`,
            `Approved refunds usually arrive within about ${policyFacts.refundProcessingDays} days. Questions? Write to ${settings.SUPPORT_EMAIL}.`,
          ],
          facts(orderRows(order, null)),
          { label: 'View the order', url: receiptUrl },
        ),
      };
    case 'giftReceived':
      if (!order.gift || !recipientEmail) return null;
      return {
        to: recipientEmail,
        subject: `${giftTexts.fromFriend(order.gift.fromName)}: ${order.product_name}`,
        ...layout(
          settings,
          giftTexts.fromFriend(order.gift.fromName),
          [
            `${formatGemCount(gemsOfOrder(order))} gems (${order.product_name}) have been added to your ${settings.GAME_NAME} account.`,
            ...(order.gift.message ? [`Their message: “${order.gift.message}”`] : []),
            'You can see the gift on your gem statement.',
          ],
          null,
          { label: 'See your gem statement', url: `${store}${ROUTES.gemStatement}` },
        ),
      };
    case 'refundDeclined':
      if (!refund || !accountEmail) return null;
      return {
        to: accountEmail,
        subject: `Your refund request for order ${order.order_id}`,
        ...layout(
          settings,
          'We could not approve your refund',
          [`Support's reason: ${refund.declineReason ?? 'not given'}`, `If you have questions, reply to ${settings.SUPPORT_EMAIL}.`],
          facts(orderRows(order, order.gemCount)),
          { label: 'View your order', url: receiptUrl },
        ),
      };
  }
}
