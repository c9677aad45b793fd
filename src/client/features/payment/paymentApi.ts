import type { AxiosError } from 'axios';
import type { PaymentRequestPayload } from './paymentSlice';

/** The payments API, over axios (loaded with the payment flow, not with the page). */
const http = async () => (await import(/* webpackChunkName: "axios" */ 'axios')).default;

const TIMEOUT_MS = 30_000;

export const apiMessages = {
  unreachable: 'We could not reach the store. Check your connection and try again.',
  unknown: 'Something went wrong on our side. Please try again.',
} as const;

/** The API's own words for a failure ({error}), or plain ones for a network problem. */
export function apiErrorMessage(error: unknown): string {
  const axiosError = error as AxiosError<{ error?: unknown }>;
  const message = axiosError?.response?.data?.error;
  if (typeof message === 'string' && message.length > 0) return message;
  if (axiosError?.isAxiosError && !axiosError.response) return apiMessages.unreachable;
  return apiMessages.unknown;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function startPayment(
  token: string,
  { packId, details }: PaymentRequestPayload,
): Promise<{ orderId: string; checkoutUrl: string }> {
  const axios = await http();
  const { data } = await axios.post('/api/payments', { packId, ...details }, { headers: bearer(token), timeout: TIMEOUT_MS });
  return data;
}

export async function postReturnParameters(parameters: Record<string, string>): Promise<{ orderId: string; status: string }> {
  const axios = await http();
  const { data } = await axios.post('/api/payments/return', parameters, { timeout: TIMEOUT_MS });
  return data;
}

export async function reconcileMyPending(
  token: string,
): Promise<{ checked: number; credited: number; orders: Array<{ orderId: string; status: string }> }> {
  const axios = await http();
  const { data } = await axios.post('/api/transactions/reconcile', null, { headers: bearer(token), timeout: TIMEOUT_MS });
  return data;
}
