import { API_ROUTES, type OrderResponse } from '../../shared/api';
import { apiRequest } from './apiClient';

/**
 * The player's own orders as the payment's sagas call them (the receipt and the history's buttons go through the
 * server API's endpoints: features/orders/playerOrdersApi).
 */
export const readOrder = (orderId: string) =>
  apiRequest<OrderResponse>('GET', API_ROUTES.order, { parameters: { orderId }, signedIn: true });

/** Asks the provider about one of the player's orders now. */
export const checkOrder = (orderId: string) =>
  apiRequest<OrderResponse>('POST', API_ROUTES.orderCheck, { parameters: { orderId }, signedIn: true });
