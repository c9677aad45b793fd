import type { Request, Response } from 'express';
import { rateLimit, type RateLimitRequestHandler } from 'express-rate-limit';
import type { Settings } from '../config/settings';

/**
 * The API's rate limits, each its own bucket: per signed-in player for what players do (keyed by the
 * verified uid, so players behind one address never share a bucket), per address for what anyone can call.
 * The address is the proxy-reported one only from TRUST_PROXY's proxies (express's `trust proxy`).
 */
const base = { windowMs: 60_000, standardHeaders: 'draft-8', legacyHeaders: false } as const;
const tooMany = { error: 'Too many requests. Please wait a minute and try again.' };

function perPlayer(limit: number): RateLimitRequestHandler {
  return rateLimit({ ...base, limit, message: tooMany, keyGenerator: (_req: Request, res: Response) => `uid:${res.locals.uid as string}` });
}

export function rateLimits(settings: Settings) {
  return {
    /** Starting payments: each makes an order at the provider. */
    payments: perPlayer(settings.RATE_LIMIT_PAYMENTS_PER_MINUTE),
    returns: perPlayer(settings.RATE_LIMIT_PLAYER_PER_MINUTE),
    reconcile: perPlayer(settings.RATE_LIMIT_PLAYER_PER_MINUTE),
    orderReads: perPlayer(settings.RATE_LIMIT_PLAYER_PER_MINUTE),
    orderChecks: perPlayer(settings.RATE_LIMIT_PLAYER_PER_MINUTE),
    refunds: perPlayer(settings.RATE_LIMIT_PLAYER_PER_MINUTE),
    /** Support staff, each their own bucket. */
    support: perPlayer(settings.RATE_LIMIT_PLAYER_PER_MINUTE),
    /** Calls without a player: the countries list, the provider's callback. */
    anonymous: () => rateLimit({ ...base, limit: settings.RATE_LIMIT_ANONYMOUS_PER_MINUTE, message: tooMany }),
  };
}
