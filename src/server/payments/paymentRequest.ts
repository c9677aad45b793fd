import { API_ROUTES, apiPath } from '../../shared/api';
import type { GemPack } from '../../shared/catalogue';
import { gatewayAmount } from '../../shared/money';
import type { PaymentRequest } from '../../shared/paymentProtocol';
import { CANCELLED_ORDER_PARAM, shopItemPath } from '../../shared/routes';
import type { PaymentFormData } from '../../shared/validation/paymentForm';
import { THREE_DS_CHALLENGE } from '../../shared/risk/threeDSecure';
import { apiPublicUrl, publicBaseUrl, type Settings } from '../config/settings';

/** The spec's payment request for a pack, everything decided here from the catalogue and the settings. */
export function buildPaymentRequest(
  settings: Settings,
  pack: GemPack,
  details: PaymentFormData,
  orderId: string,
  nowMs: number,
  challenge = false,
): Omit<PaymentRequest, 'signature'> {
  const store = publicBaseUrl(settings);
  return {
    firstname: details.firstName,
    lastname: details.lastName,
    address: details.address,
    country: details.country,
    state: details.state,
    city: details.city,
    postcode: details.postCode,
    email: details.email,
    phone: details.phone,
    amount: gatewayAmount(pack.priceCents),
    currency: settings.PAYMENT_CURRENCY,
    merchant_id: settings.MERCHANT_ID,
    site_id: settings.SITE_ID,
    order_id: orderId,
    product_name: pack.title,
    timestamp: Math.floor(nowMs / 1000),
    return_url: `${store}/`,
    callback_url: `${apiPublicUrl(settings)}${apiPath(API_ROUTES.gatewayCallback)}`,
    // The store tells a cancelled order from any other visit to the pack by this parameter.
    cancel_order_url: `${store}${shopItemPath(pack.id)}&${CANCELLED_ORDER_PARAM}=${orderId}`,
    // The risk decision asked for 3-D Secure (docs/payments.md, Stolen cards).
    ...(challenge ? { three_ds: THREE_DS_CHALLENGE } : {}),
  };
}
