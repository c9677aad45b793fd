import { parseSettings } from '../config/settings';
import type { TransactionRecord } from './orderRules';
import { composeOrderMail } from './orderMail';

const settings = parseSettings({ PUBLIC_BASE_URL: 'https://store.wyrmcrown.example' });
const paidAt = Date.UTC(2026, 10, 21, 23, 30); // 22 November in Sydney

const order = {
  order_id: 'WCABCDEF1234567890',
  userId: 'u-1',
  accountEmail: 'king@wyrmcrown.example',
  email: 'aria@wyrmcrown.example',
  product_name: 'Pouch of Gem',
  packId: 3,
  gemCount: 3500,
  amount: '45.99',
  currency: 'AUD',
  status: 'paid',
  checked: 1,
  createdAt: paidAt - 60_000,
  updatedAt: paidAt,
  paidAt,
  paymentMethod: 'card',
} as TransactionRecord;

const refund = {
  orderId: order.order_id,
  status: 'requested' as const,
  reason: 'Wrong pack <img src=x onerror=alert(1)>',
  createdAt: paidAt + 3_600_000,
  decidedAt: null,
  declineReason: null,
};

describe('the emails an order owes', () => {
  it("the receipt is the tax invoice, to the account's email (never the one typed at checkout), with a link to the receipt page", () => {
    const mail = composeOrderMail(settings, 'receipt', { order: { ...order, email: 'stranger@elsewhere.example' }, refund: null, accountEmail: 'aria@wyrmcrown.example' })!;
    expect(mail.to).toBe('aria@wyrmcrown.example');
    expect(`${mail.text}${mail.html}`).not.toContain('stranger@elsewhere.example');
    expect(mail.subject).toBe('Your Wyrmcrown receipt: Pouch of Gem, order WCABCDEF1234567890');
    for (const line of [
      'Tax invoice',
      'Seller: Southern Cross Game Distribution Pty Ltd',
      'ABN: 53 004 085 616',
      'Date of issue: 22 November 2026',
      'Order number: WCABCDEF1234567890',
      'Item: Pouch of Gem (3,500 gems)',
      'Qty: 1',
      'Total (incl. GST): A$45.99',
      'GST included: A$4.18',
      'Payment method: card',
      'View or print your receipt: https://store.wyrmcrown.example/account/orders/WCABCDEF1234567890',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.html).toContain('<a href="https://store.wyrmcrown.example/account/orders/WCABCDEF1234567890">');
  });

  it("a refund request goes to support with the player's words escaped in the HTML", () => {
    const mail = composeOrderMail(settings, 'refundRequested', { order, refund: { ...refund, accountEmail: 'king@wyrmcrown.example' }, accountEmail: 'king@wyrmcrown.example' })!;
    expect(mail.to).toBe('support@wyrmcrown.example');
    expect(mail.subject).toBe('Refund requested: order WCABCDEF1234567890 (A$45.99)');
    expect(mail.text).toContain('Player: king@wyrmcrown.example (uid u-1)');
    expect(mail.text).toContain('within 3 working days');
    expect(mail.html).toContain('Wrong pack &lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toContain('https://store.wyrmcrown.example/support/orders/WCABCDEF1234567890');
  });

  it('the player gets an acknowledgement of the request: when support replies by, and their reason', () => {
    const mail = composeOrderMail(settings, 'refundAcknowledged', { order: { ...order, email: 'stranger@elsewhere.example' }, refund, accountEmail: 'king@wyrmcrown.example' })!;
    expect(mail.to).toBe('king@wyrmcrown.example');
    expect(mail.subject).toBe('We have your refund request for order WCABCDEF1234567890');
    expect(mail.text).toContain('reply within 3 working days');
    expect(mail.text).toContain('Amount: A$45.99');
    expect(mail.html).not.toContain('<img');
    expect(composeOrderMail(settings, 'refundAcknowledged', { order, refund, accountEmail: null })).toBeNull();
  });

  it('a decision goes to the player: approved with the money and gems, declined with the reason', () => {
    const approved = composeOrderMail(settings, 'refundApproved', { order: { ...order, status: 'refunded', email: 'stranger@elsewhere.example' }, refund: { ...refund, status: 'refunded' }, accountEmail: 'king@wyrmcrown.example' })!;
    expect(approved.to).toBe('king@wyrmcrown.example');
    expect(approved.text).toContain('return A$45.99 to your card');
    expect(approved.text).toContain('The 3,500 gems of this pack have been removed from your balance.');
    // The receipt's adjustment note, beside the original invoice's figures.
    expect(approved.text).toContain('Refunded (incl. GST): A$45.99');
    expect(approved.text).toContain('GST adjusted: A$4.18');
    expect(approved.text).toMatch(/Refunded on: \d{1,2} \w+ \d{4}/);
    const declined = composeOrderMail(settings, 'refundDeclined', { order, refund: { ...refund, status: 'declined', declineReason: 'The gems were used.' }, accountEmail: 'king@wyrmcrown.example' })!;
    expect(declined.to).toBe('king@wyrmcrown.example');
    expect(declined.text).toContain("Support's reason: The gems were used.");
  });

  it('owes nothing about a refund request that does not exist, and nothing to a player without an account email', () => {
    expect(composeOrderMail(settings, 'refundRequested', { order, refund: null, accountEmail: 'aria@wyrmcrown.example' })).toBeNull();
    expect(composeOrderMail(settings, 'refundDeclined', { order, refund: null, accountEmail: 'aria@wyrmcrown.example' })).toBeNull();
    expect(composeOrderMail(settings, 'receipt', { order, refund: null, accountEmail: null })).toBeNull();
  });
});
