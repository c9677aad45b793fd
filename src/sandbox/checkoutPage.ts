import { formatGatewayAmount } from '../shared/money';
import type { SandboxOrder } from './orders';
import { CHECKOUT_METHODS, isTransferUnderWay } from './payMethods';

import { escapeHtml, sandboxPage } from './checkoutStyles';

/** The hosted checkout page at host_url/nonce: the order, a test card, and Pay, Decline, Cancel. */
export function renderCheckoutPage(order: SandboxOrder, merchantName: string): string {
  const { request, nonce } = order;
  const action = (outcome: string) => `/checkout/${encodeURIComponent(nonce)}/${outcome}`;
  const transfer = isTransferUnderWay(order);
  const closed = order.status !== 'pending' || transfer;
  return sandboxPage(
    `Sandbox checkout · ${escapeHtml(request.product_name)}`,
    `  <h1>Pay ${escapeHtml(merchantName)}</h1>
  <dl>
    <dt>Merchant</dt><dd>${escapeHtml(request.merchant_id)}</dd>
    <dt>Product</dt><dd>${escapeHtml(request.product_name)}</dd>
    <dt>Amount</dt><dd>${escapeHtml(request.currency === 'AUD' ? formatGatewayAmount(request.amount) : `${request.amount} ${request.currency}`)}</dd>
    <dt>Order</dt><dd>${escapeHtml(request.order_id)}</dd>
  </dl>
  ${
    closed
      ? `<p role="status">${transfer ? 'Your PayID transfer is on its way to the merchant. Nothing more to do here.' : `This order is ${escapeHtml(order.status)}. Nothing more can be paid here.`}</p>`
      : `<form method="post" action="${action('pay')}">
    <fieldset>
      <legend>Pay with</legend>
      ${CHECKOUT_METHODS.map(
        ({ kind, label }, index) => `<label class="method"><input type="radio" name="method" value="${kind}"${index === 0 ? ' checked' : ''}> ${escapeHtml(label)}</label>`,
      ).join('\n      ')}
    </fieldset>
    <label>Card number <input name="card" value="4242 4242 4242 4242" autocomplete="off" inputmode="numeric"></label>
    <div class="row">
      <label>Expiry <input name="expiry" value="12/34" autocomplete="off"></label>
      <label>CVC <input name="cvc" value="123" autocomplete="off" inputmode="numeric"></label>
    </div>
    <div class="actions">
      <button class="pay" type="submit">Pay</button>
      <button class="decline" type="submit" formaction="${action('decline')}">Decline</button>
      <button class="cancel" type="submit" formaction="${action('cancel')}">Cancel</button>
    </div>
  </form>`
  }
`,
  );
}
