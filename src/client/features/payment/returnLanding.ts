import { isPackIdText } from '../../../shared/routes';
import { ORDER_ID_PATTERN } from '../../../shared/paymentProtocol';
import { CANCELLED_ORDER_PARAM, ITEM_PARAM } from '../../../shared/routes';

/** The provider's redirect parameters when this page was opened by one (docs/storefront.md, The provider's return), else null. */
export function readReturnParameters(search: string = window.location.search): Record<string, string> | null {
  const parameters = Object.fromEntries(new URLSearchParams(search));
  return parameters.status && parameters.out_trade_no ? parameters : null;
}

/** The order and pack of the provider's cancel link (/shop?item=3&cancelled=WC…), else null. */
export function readCancelledReturn(search: string = window.location.search): { orderId: string; packId: number } | null {
  const parameters = new URLSearchParams(search);
  const orderId = parameters.get(CANCELLED_ORDER_PARAM) ?? '';
  const item = parameters.get(ITEM_PARAM) ?? '';
  return ORDER_ID_PATTERN.test(orderId) && isPackIdText(item) ? { orderId, packId: Number(item) } : null;
}

/** This visit comes back from the provider (its return or its cancel link): the checkout must start at once. */
export function isPaymentReturnLanding(search: string = window.location.search): boolean {
  return readReturnParameters(search) !== null || readCancelledReturn(search) !== null;
}
