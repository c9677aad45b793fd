import { Agent, errors, request } from 'undici';
import { z } from 'zod';
import { SUCCESS_MSG, type PaymentRequest } from '../../shared/paymentProtocol';
import { sign } from '../../shared/signature';
import { gatewayBaseUrl, type Settings } from '../config/settings';
import { payMethodOrNull } from '../../shared/payMethod';
import { threeDSecureOrNull, type ThreeDSecureOutcome } from '../../shared/risk/threeDSecure';
import type { ProviderAnswer } from '../orders/orderRules';
import { providerAnswer } from './providerAnswer';

/** Why a call to the provider did not give a usable answer. */
export type GatewayFailure = 'timeout' | 'unavailable' | 'malformed' | 'refused';

export class GatewayError extends Error {
  constructor(
    readonly failure: GatewayFailure,
    message: string,
  ) {
    super(message);
  }
}

const paymentAnswer = z.object({
  msg: z.string(),
  host_url: z.string().optional(),
  nonce: z.string().optional(),
});

const queryAnswer = z.object({
  msg: z.string(),
  status: z.string().optional(),
  /** How the player paid (shared/payMethod), where the provider says; any other word is ignored. */
  pay_method: z.string().optional(),
  /** How 3-D Secure went (shared/risk/threeDSecure), where the provider says; any other word is ignored. */
  three_ds: z.string().optional(),
});

/** What the provider says of an order when asked: its answer, and how the player paid where it names it. */
export interface ProviderReply {
  answer: ProviderAnswer;
  payMethod?: string;
  threeDSecure?: ThreeDSecureOutcome;
}

const refundAnswer = z.object({
  msg: z.string(),
  status: z.string().optional(),
  refund_id: z.string().max(100).optional(),
});

/** A provider status we are willing to store: short lowercase words such as paid or pending. */
const PROVIDER_STATUS = /^[a-z_]{1,32}$/;

/** What the provider answered: its HTTP status, and its body as JSON (or as text, when it is not JSON). */
interface ProviderResponse {
  status: number;
  data: unknown;
}

/** The order's status in a query's or a cancel's answer; an answer whose msg is not SUCCESS is ignored (docs/storefront.md, The card provider's protocol). */
function replyOf(response: ProviderResponse, call: 'query' | 'cancel'): ProviderReply {
  if (response.status >= 500) throw new GatewayError('unavailable', `HTTP ${response.status}`);
  const answer = queryAnswer.safeParse(response.data);
  if (!answer.success) throw new GatewayError('malformed', `The ${call} answer was not understood.`);
  if (answer.data.msg !== SUCCESS_MSG) throw new GatewayError('refused', answer.data.msg);
  if (!answer.data.status || !PROVIDER_STATUS.test(answer.data.status)) {
    throw new GatewayError('malformed', `The ${call} answer had no usable status.`);
  }
  const payMethod = payMethodOrNull(answer.data.pay_method);
  const threeDSecure = threeDSecureOrNull(answer.data.three_ds);
  return { answer: providerAnswer(answer.data.status), ...(payMethod ? { payMethod } : {}), ...(threeDSecure ? { threeDSecure } : {}) };
}

/** The provider's answers are a few hundred bytes: a larger one is not an answer, and is not read on. */
const MAX_ANSWER_BYTES = 64 * 1024;

const TIMEOUTS = [errors.HeadersTimeoutError, errors.BodyTimeoutError, errors.ConnectTimeoutError];

function toGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  // The call's own deadline (AbortSignal.timeout) ends it as a TimeoutError DOMException; undici's timeouts are its errors.
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (name === 'TimeoutError' || TIMEOUTS.some((timeout) => error instanceof timeout)) {
    return new GatewayError('timeout', (error as Error).message);
  }
  return new GatewayError('unavailable', error instanceof Error ? error.message : String(error));
}

export interface GatewayClient {
  /** Sends the signed payment request; resolves with the checkout address. */
  createPayment(request: Omit<PaymentRequest, 'signature'>): Promise<{ checkoutUrl: string }>;
  /** Asks the provider for an order's status (and how it was paid, where it says). */
  queryStatus(orderId: string): Promise<ProviderReply>;
  /**
   * Asks the provider to return an order's whole amount to the card; resolves with its refund id. The same
   * idempotency key never refunds twice: asking again is how the store learns what became of an attempt.
   */
  refund(orderId: string, amount: string, idempotencyKey: string): Promise<{ refundId: string }>;
  /** Asks the provider to cancel an unpaid order; resolves with its answer of the order after it (paid, if it already was). */
  cancelPayment(orderId: string): Promise<ProviderAnswer>;
}

/**
 * The card provider (or the sandbox) over HTTP, signing with the merchant key. Calls go through undici over kept-alive
 * connections: the sweep asks about thousands of orders a pass, and a call's cost on our side is most of a check's.
 * Each call has GATEWAY_TIMEOUT_MS from start to its answer read; a redirect is judged as any other answer, never
 * followed (signed calls go to the provider's address alone).
 */
export function createGatewayClient(settings: Settings): GatewayClient {
  const base = gatewayBaseUrl(settings).replace(/\/+$/, '');
  const dispatcher = new Agent({ headersTimeout: settings.GATEWAY_TIMEOUT_MS, bodyTimeout: settings.GATEWAY_TIMEOUT_MS });
  /** One call: its answer whatever its HTTP status (each is judged by the caller), its body read up to MAX_ANSWER_BYTES. */
  const call = async (method: 'GET' | 'POST', path: string, fields: Record<string, string | number>): Promise<ProviderResponse> => {
    const query = method === 'GET' ? `?${new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)]))}` : '';
    const { statusCode, body } = await request(`${base}${path}${query}`, {
      method,
      dispatcher,
      signal: AbortSignal.timeout(settings.GATEWAY_TIMEOUT_MS),
      headers: { accept: 'application/json', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(method === 'POST' ? { body: JSON.stringify(fields) } : {}),
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > MAX_ANSWER_BYTES) {
        body.destroy();
        throw new GatewayError('malformed', `The answer was larger than ${MAX_ANSWER_BYTES} bytes.`);
      }
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    try {
      return { status: statusCode, data: JSON.parse(text) as unknown };
    } catch {
      return { status: statusCode, data: text };
    }
  };
  const signed = <T extends Record<string, string | number>>(payload: T) => ({
    ...payload,
    signature: sign(payload, settings.MERCHANT_PRIVATE_KEY, settings.SIGNATURE_ENCODING),
  });

  /** The fields of a signed call about one order (a query, a cancel). */
  const orderCall = (orderId: string) => ({
    merchant_id: settings.MERCHANT_ID,
    site_id: settings.SITE_ID,
    order_id: orderId,
    timestamp: Math.floor(Date.now() / 1000),
  });

  return {
    async createPayment(request) {
      try {
        const response = await call('POST', settings.GATEWAY_PAYMENT_PATH, signed(request));
        if (response.status >= 500) throw new GatewayError('unavailable', `HTTP ${response.status}`);
        const answer = paymentAnswer.safeParse(response.data);
        if (!answer.success) throw new GatewayError('malformed', 'The payment answer was not understood.');
        if (answer.data.msg !== SUCCESS_MSG) throw new GatewayError('refused', answer.data.msg);
        const { host_url: hostUrl, nonce } = answer.data;
        // Only a plain web address may become the player's checkout link.
        if (!hostUrl || !nonce || !/^https?:\/\/[^\s]+$/.test(hostUrl) || !/^[\w-]+$/.test(nonce)) {
          throw new GatewayError('malformed', 'The payment answer had no usable checkout address.');
        }
        return { checkoutUrl: `${hostUrl}/${nonce}` };
      } catch (error) {
        throw toGatewayError(error);
      }
    },

    async queryStatus(orderId) {
      try {
        const response = await call('GET', settings.GATEWAY_QUERY_PATH, signed(orderCall(orderId)));
        return replyOf(response, 'query');
      } catch (error) {
        throw toGatewayError(error);
      }
    },

    async cancelPayment(orderId) {
      try {
        const response = await call('POST', settings.GATEWAY_CANCEL_PATH, signed(orderCall(orderId)));
        return replyOf(response, 'cancel').answer;
      } catch (error) {
        throw toGatewayError(error);
      }
    },

    async refund(orderId, amount, idempotencyKey) {
      try {
        const response = await call(
          'POST',
          settings.GATEWAY_REFUND_PATH,
          signed({
            merchant_id: settings.MERCHANT_ID,
            site_id: settings.SITE_ID,
            order_id: orderId,
            amount,
            idempotency_key: idempotencyKey,
            timestamp: Math.floor(Date.now() / 1000),
          }),
        );
        if (response.status >= 500) throw new GatewayError('unavailable', `HTTP ${response.status}`);
        const answer = refundAnswer.safeParse(response.data);
        if (!answer.success) throw new GatewayError('malformed', 'The refund answer was not understood.');
        if (answer.data.msg !== SUCCESS_MSG) throw new GatewayError('refused', answer.data.msg);
        if (answer.data.status !== 'refunded' || !answer.data.refund_id) throw new GatewayError('malformed', 'The refund answer had no refund.');
        return { refundId: answer.data.refund_id };
      } catch (error) {
        throw toGatewayError(error);
      }
    },
  };
}
