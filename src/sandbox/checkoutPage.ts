import { formatGatewayAmount } from '../shared/money';
import type { SandboxOrder } from './orders';
import { CHECKOUT_METHODS, isTransferUnderWay } from './payMethods';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The hosted checkout page at host_url/nonce: the order, a test card, and Pay, Decline, Cancel. */
export function renderCheckoutPage(order: SandboxOrder, merchantName: string): string {
  const { request, nonce } = order;
  const action = (outcome: string) => `/checkout/${encodeURIComponent(nonce)}/${outcome}`;
  const transfer = isTransferUnderWay(order);
  const closed = order.status !== 'pending' || transfer;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout · ${escapeHtml(request.product_name)}</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #eef1f6; color: #1b2030; }
  main { box-sizing: border-box; max-width: 440px; margin: 40px auto; background: #fff; border-radius: 14px; padding: 28px;
         box-shadow: 0 10px 30px rgba(20, 30, 60, 0.12); }
  /* On a phone the page is the card, edge to edge, as a provider's own checkout is: nothing wider than the screen. */
  @media (max-width: 480px) { main { margin: 0; border-radius: 0; padding: 20px 16px; box-shadow: none; } }
  .badge { display: inline-block; background: #ffe9a8; color: #5a4300; border-radius: 999px; padding: 2px 10px;
           font-size: 0.8rem; font-weight: 700; }
  dl { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 6px 16px; }
  dt { color: #5b6378; } dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  label { display: grid; gap: 4px; margin-top: 12px; font-weight: 600; }
  input { font: inherit; padding: 10px; border: 1px solid #b8c0d4; border-radius: 8px; min-width: 0; box-sizing: border-box; width: 100%; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  fieldset { border: 1px solid #b8c0d4; border-radius: 8px; margin: 16px 0 0; padding: 8px 12px 12px; }
  legend { font-weight: 600; padding: 0 4px; }
  .method { display: flex; gap: 8px; align-items: center; margin-top: 8px; font-weight: 500; }
  .method input { width: auto; }
  .actions { display: flex; gap: 10px; margin-top: 22px; flex-wrap: wrap; }
  button { font: inherit; font-weight: 700; border: 0; border-radius: 8px; padding: 12px 18px; cursor: pointer; }
  .pay { background: #1f7a4d; color: #fff; flex: 1; } .decline { background: #b3261e; color: #fff; }
  .cancel { background: #e3e7ef; color: #1b2030; }
  button:focus-visible, input:focus-visible { outline: 3px solid #2f6fed; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <span class="badge">Sandbox: no real money moves</span>
  <h1>Pay ${escapeHtml(merchantName)}</h1>
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
</main>
</body>
</html>`;
}
