import path from 'node:path';
import { gatewayBaseUrl, loadSettings } from '../../src/server/config/settings';
import { createSandboxApp } from '../../src/sandbox/sandboxApp';

/** The value after `flag` on the command line, or null. */
function argumentAfter(flag: string): string | null {
  const index = process.argv.indexOf(flag);
  return index >= 0 ? process.argv[index + 1] ?? null : null;
}

/**
 * Runs the gateway sandbox on GATEWAY_SANDBOX_PORT, with the merchant settings the API uses. It lives with the
 * scripts because it reads the store's settings: the sandbox itself knows only src/shared.
 */
function main(): void {
  const settings = loadSettings(path.resolve(__dirname, '../..'));
  const app = createSandboxApp({
    publicUrl: gatewayBaseUrl(settings),
    merchantId: settings.MERCHANT_ID,
    siteId: settings.SITE_ID,
    privateKey: settings.MERCHANT_PRIVATE_KEY,
    encoding: settings.SIGNATURE_ENCODING,
    paymentPath: settings.GATEWAY_PAYMENT_PATH,
    queryPath: settings.GATEWAY_QUERY_PATH,
    refundPath: settings.GATEWAY_REFUND_PATH,
    callbackRetryMs: settings.SANDBOX_CALLBACK_RETRY_MS,
    callbackAttempts: settings.SANDBOX_CALLBACK_ATTEMPTS,
    orderTtlMs: settings.CHECKOUT_TTL_MS,
    cancelPath: settings.GATEWAY_CANCEL_PATH,
    controlToken: settings.SANDBOX_CONTROL_TOKEN,
    ordersFile: argumentAfter('--orders-file'),
    payIdSettleMs: settings.SANDBOX_PAYID_SETTLE_MS,
  });
  const server = app.listen(settings.GATEWAY_SANDBOX_PORT, settings.HOST, () => {
    console.log(`Gateway sandbox listening on http://${settings.HOST}:${settings.GATEWAY_SANDBOX_PORT}`);
  });
  server.on('error', (error) => {
    console.error(`Gateway sandbox could not start: ${error.message}`);
    process.exit(1);
  });
  const shutdown = () => server.close(() => process.exit(0));
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main();
