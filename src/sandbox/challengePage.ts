import { formatGatewayAmount } from '../shared/money';
import { payMethodText } from '../shared/payMethod';
import { escapeHtml, sandboxPage } from './checkoutStyles';
import type { SandboxOrder } from './orders';

/**
 * The card's bank asking its cardholder to confirm a payment (3-D Secure), as the provider shows it when the store
 * asked for a challenge: Confirm takes the payment (authenticated), Fail the check leaves it unpaid (failed).
 */
export function renderChallengePage(order: SandboxOrder): string {
  const { request, nonce, challenge } = order;
  const action = (answer: string) => `/checkout/${encodeURIComponent(nonce)}/challenge/${answer}`;
  const amount = request.currency === 'AUD' ? formatGatewayAmount(request.amount) : `${request.amount} ${request.currency}`;
  return sandboxPage(
    `Sandbox bank · Confirm your payment`,
    `  <h1>Confirm this payment with your bank</h1>
  ${
    challenge && order.status === 'pending'
      ? `<p>Your bank asks you to confirm that you are paying ${escapeHtml(amount)} to ${escapeHtml(request.merchant_id)} with ${escapeHtml(payMethodText(challenge.payMethod) ?? 'your card')}.</p>
  <form method="post" action="${action('confirm')}">
    <div class="actions">
      <button class="pay" type="submit">Confirm</button>
      <button class="decline" type="submit" formaction="${action('fail')}">Fail the check</button>
    </div>
  </form>`
      : `<p role="status">Nothing is waiting for your confirmation here.</p>`
  }
`,
  );
}
