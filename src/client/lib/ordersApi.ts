import { API_ROUTES, type OrderResponse, type RefundRequest, type RefundResponse } from '../../shared/api';
import { apiRequest } from './apiClient';

/** The player's own orders through the payments API, shared by the checkout and the order history. */
export const readOrder = (orderId: string) =>
  apiRequest<OrderResponse>('GET', API_ROUTES.order, { parameters: { orderId }, signedIn: true });

/** Asks the provider about one of the player's orders now. */
export const checkOrder = (orderId: string) =>
  apiRequest<OrderResponse>('POST', API_ROUTES.orderCheck, { parameters: { orderId }, signedIn: true });

/** Cancels one of the player's unpaid orders (the provider's cancel; one already paid is credited instead). */
export const cancelOrder = (orderId: string) =>
  apiRequest<OrderResponse>('POST', API_ROUTES.orderCancel, { parameters: { orderId }, signedIn: true });

/** Where one of the player's paid orders stands on refunds; the server decides whether one may be asked for. */
export const readRefundStanding = (orderId: string) =>
  apiRequest<RefundResponse>('GET', API_ROUTES.orderRefund, { parameters: { orderId }, signedIn: true });

/** Asks for a refund of one of the player's orders (one request per order). */
export const requestRefund = (orderId: string, body: RefundRequest) =>
  apiRequest<RefundResponse>('POST', API_ROUTES.orderRefund, { parameters: { orderId }, body, signedIn: true });
