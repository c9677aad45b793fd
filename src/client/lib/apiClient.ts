import type { AxiosError, AxiosStatic } from 'axios';
import { API_REFUSAL_REASONS, apiPath, type ApiErrorBody, type ApiRoute, type OpenOrder } from '../../shared/api';
import { currentIdToken, idTokenNow } from './firebase';

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

let loadedAxios: AxiosStatic | null = null;
const loadAxios = async () => (loadedAxios ??= (await import(/* webpackChunkName: "axios" */ 'axios')).default);

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
  /** The answer is a file (a Blob), not JSON; a refusal's words are still read from its JSON. */
  binary?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Sends the request now (axios with no interceptors sends inside this call) and answers its data. */
async function send<T>(axios: AxiosStatic, method: Method, route: ApiRoute, options: RequestOptions, token: string | null): Promise<T> {
  const request = axios.request<T>({
    method,
    url: apiPath(route, options.parameters),
    params: options.query,
    data: options.body,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    timeout: TIMEOUT_MS,
    // The API trusts the bearer token, never a cookie: no XSRF cookie to read (axios reads it asynchronously, after the click).
    withXSRFToken: false,
    ...(options.binary ? { responseType: 'blob' as const } : {}),
  });
  const { data } = await (options.binary ? request.catch(readBlobRefusal) : request);
  return data;
}

/** A file's refusal arrives as a Blob of JSON: read as JSON, so its words reach the player as any refusal's do. */
async function readBlobRefusal(error: unknown): Promise<never> {
  const response = (error as { response?: { data?: unknown } }).response;
  if (response && typeof Blob !== 'undefined' && response.data instanceof Blob) {
    try {
      response.data = JSON.parse(await response.data.text()) as unknown;
    } catch {
      // Not JSON: the refusal keeps its status, and its words are the client's own.
    }
  }
  throw error;
}

/** Asks the worker for the token and loads axios first, then sends. */
async function sendWhenReady<T>(method: Method, route: ApiRoute, options: RequestOptions): Promise<T> {
  const token = options.signedIn ? await currentIdToken(options.freshToken) : null;
  if (options.signedIn && !token) throw new ApiError('signIn', apiMessages.signIn);
  return send<T>(await loadAxios(), method, route, options, token);
}

/**
 * Calls the API. With axios loaded and the player's token held, the request leaves inside this call: a Submit's
 * request is on its way before the work the click goes on to do (the checkout's tab, a render), not after it.
 */
export function apiRequest<T>(method: Method, route: ApiRoute, options: RequestOptions = {}): Promise<T> {
  const token = options.signedIn && !options.freshToken ? idTokenNow() : null;
  const sent = loadedAxios && (token || !options.signedIn) ? send<T>(loadedAxios, method, route, options, token) : sendWhenReady<T>(method, route, options);
  return sent.catch((error: unknown) => {
    throw toApiError(error);
  });
}
