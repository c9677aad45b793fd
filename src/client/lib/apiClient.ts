import type { AxiosError } from 'axios';
import { API_REFUSAL_REASONS, apiPath, type ApiErrorBody, type ApiRoute, type OpenOrder } from '../../shared/api';
import { currentIdToken } from './firebase';

/**
 * The one way the client calls the payments API. It loads axios with the first call (never with a page),
 * adds the signed-in player's ID token, and turns every failure into an ApiError with words for the player.
 */
const TIMEOUT_MS = 30_000;

export type ApiFailure = 'signIn' | 'unreachable' | 'refused' | 'server';

export const apiMessages = {
  signIn: 'Please sign in to continue.',
  unreachable: 'We could not reach the store. Check your connection and try again.',
  server: 'Something went wrong on our side. Please try again.',
} as const;

export class ApiError extends Error {
  constructor(
    readonly failure: ApiFailure,
    message: string,
    readonly status: number | null = null,
    /** A payment refused for open orders the player was not asked about: those orders (see StartPaymentRequest). */
    readonly openOrders: OpenOrder[] | null = null,
    /** Why the API refused, where it names a reason (ApiErrorBody). */
    readonly reason: ApiErrorBody['reason'] | null = null,
  ) {
    super(message);
  }
}

const loadAxios = async () => (await import(/* webpackChunkName: "axios" */ 'axios')).default;

/** The API's own words ({error}) where it gave some; plain ones for a network problem. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const axiosError = error as AxiosError<Partial<Record<keyof ApiErrorBody, unknown>>>;
  const status = axiosError?.response?.status ?? null;
  const given = axiosError?.response?.data?.error;
  const message = typeof given === 'string' && given.length > 0 ? given : null;
  const openOrders = axiosError?.response?.data?.openOrders;
  const givenReason = axiosError?.response?.data?.reason;
  const reason = typeof givenReason === 'string' && (API_REFUSAL_REASONS as readonly string[]).includes(givenReason) ? (givenReason as ApiErrorBody['reason']) : null;
  if (status === 401) return new ApiError('signIn', message ?? apiMessages.signIn, status);
  if (status !== null && status < 500) {
    return new ApiError('refused', message ?? apiMessages.server, status, Array.isArray(openOrders) ? (openOrders as OpenOrder[]) : null, reason);
  }
  if (status !== null) return new ApiError('server', message ?? apiMessages.server, status);
  if (axiosError?.isAxiosError) return new ApiError('unreachable', apiMessages.unreachable);
  return new ApiError('server', apiMessages.server);
}

/** What a call carries besides its method and route (serverApi's endpoints name the same, with them). */
export interface RequestOptions {
  parameters?: Record<string, string>;
  /** The query string's parameters. */
  query?: Record<string, string>;
  body?: unknown;
  /** Send the player's ID token; without a signed-in player the call fails with 'signIn' unsent. */
  signedIn?: boolean;
  /** Ask for a new ID token first (to carry claims granted since the last one). */
  freshToken?: boolean;
}

export async function apiRequest<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', route: ApiRoute, options: RequestOptions = {}): Promise<T> {
  try {
    const headers: Record<string, string> = {};
    if (options.signedIn) {
      const token = await currentIdToken(options.freshToken);
      if (!token) throw new ApiError('signIn', apiMessages.signIn);
      headers.Authorization = `Bearer ${token}`;
    }
    const axios = await loadAxios();
    const { data } = await axios.request<T>({
      method,
      url: apiPath(route, options.parameters),
      params: options.query,
      data: options.body,
      headers,
      timeout: TIMEOUT_MS,
    });
    return data;
  } catch (error) {
    throw toApiError(error);
  }
}
