import {
  API_ROUTES,
  type OpenOrdersResponse,
  type OrderResponse,
  type ReconcileResponse,
  type StartPaymentRequest,
  type StartPaymentResponse,
} from '../../../shared/api';
import { apiRequest } from '../../lib/apiClient';
import { browserId } from '../../lib/browserId';
import { visitSource } from '../../lib/visitSource';

/** The payments API calls of the checkout, each a plain function the sagas reach through call(). */

/** Sent with this browser's own id (the risk decision counts payments per browser too) and where the visit came from. */
export const startPayment = (body: StartPaymentRequest) =>
  apiRequest<StartPaymentResponse>('POST', API_ROUTES.payments, { body: { ...body, browserId: browserId(), source: visitSource() }, signedIn: true });

/** A payment's start under way: its request sent at once, its answer awaited later (the checkout's tab opens meanwhile). */
export interface StartUnderWay {
  answer: Promise<StartPaymentResponse>;
}

/** Sends the start now and answers at once; `answerOf` waits for it (and throws its failure). */
export function sendStartPayment(body: StartPaymentRequest): StartUnderWay {
  const answer = startPayment(body);
  // Awaited by answerOf; a start whose saga stopped first leaves no unhandled rejection behind.
  answer.catch(() => undefined);
  return { answer };
}

export const answerOf = (start: StartUnderWay) => start.answer;

/** The player's open unpaid orders, wherever they were started (newest first). */
export const listOpenOrders = async () =>
  (await apiRequest<OpenOrdersResponse>('GET', API_ROUTES.openOrders, { signedIn: true })).orders;

export const postReturn = (parameters: Record<string, string>) =>
  apiRequest<OrderResponse>('POST', API_ROUTES.paymentReturn, { body: parameters, signedIn: true });

export const reconcileMyPending = () => apiRequest<ReconcileResponse>('POST', API_ROUTES.reconcile, { signedIn: true });

