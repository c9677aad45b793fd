import type { Request, Response } from 'express';
import { MemoryStore, rateLimit, type RateLimitRequestHandler, type Store } from 'express-rate-limit';
import { addressKeyOf } from './addressKey';
import { SIGNED_BY_GAME } from './gameSignature';
import type { Settings } from '../config/settings';
import type { SharedStoreOptions } from './firestoreRateLimitStore';

/**
 * The API's rate limits, each its own bucket: per signed-in player for what players do (keyed by the
 * verified uid, so players behind one address never share a bucket), per address for what anyone can call,
 * and one budget of their own for the provider's callbacks whose signature holds, so junk from the same
 * address can never starve them. The address is the proxy-reported one only from TRUST_PROXY's proxies
 * (express's `trust proxy`).
 *
 * Starting payments (and trying promo codes) is counted in a shared store when `sharedStore` makes one (Firestore
 * in the store), so the limit holds across every instance; the other buckets are per instance: each instance allows
 * its own limit. Each limiter gets a store of its own.
 */
// A client's own X-Forwarded-For is ignored on purpose (only TRUST_PROXY's proxies are believed), so the
// library's warning about it, a stack trace on the first such request, says nothing worth printing.
const base = { windowMs: 60_000, standardHeaders: 'draft-8', legacyHeaders: false, validate: { xForwardedForHeader: false } } as const;
const tooMany = { error: 'Too many requests. Please wait a minute and try again.' };
const giftLookupsSpent = { error: 'You looked up many player tags in the last hour. Please try again later.' };

/** `bucket` keeps apart the counts of two limits kept in one shared store. */
function perPlayer(limit: number, store?: Store, bucket = ''): RateLimitRequestHandler {
  return rateLimit({
    ...base,
    limit,
    message: tooMany,
    keyGenerator: (_req: Request, res: Response) => `${bucket}uid:${res.locals.uid as string}`,
    ...(store ? { store, passOnStoreError: false } : {}),
  });
}


/** Payment tries of any kind (refused ones too) a player may make in a minute, as many times the payments limit. */
const PAYMENT_TRIES_PER_PAYMENT = 6;

/**
 * Codes a game may get wrong in a window ("Sign in with the game"): per game account; per address and account
 * together, so one guesser at an address shared by a household, a school or a carrier never locks out the others;
 * and a ceiling per address that many throwaway accounts guessing from one place meet, far above a household's.
 */
export const LINK_TRIES = { windowMs: 10 * 60_000, perAccount: 10, perAddressAndAccount: 10, perAddress: 300 } as const;

/** An address's count of tries is shared by every player behind it (a carrier's NAT): spread over this many counters. */
const ADDRESS_COUNTERS = 10;

const linkTryKeys = {
  account: (_req: Request, res: Response) => `link-uid:${res.locals.uid as string}`,
  addressAndAccount: (req: Request, res: Response) => `link-ip-uid:${addressKeyOf(req.ip)}:${res.locals.uid as string}`,
  address: (req: Request) => `link-ip:${addressKeyOf(req.ip)}`,
};

/** Failed code tries: only a refused code counts, so a player confirming their own code is never held up. */
function failedLinkTries(limit: number, key: keyof typeof linkTryKeys, store?: Store): RateLimitRequestHandler {
  return rateLimit({
    ...base,
    windowMs: LINK_TRIES.windowMs,
    limit,
    message: { error: 'Too many codes were tried. Please wait a few minutes and try again.' },
    skipSuccessfulRequests: true,
    keyGenerator: linkTryKeys[key],
    // The address goes through addressKeyOf, the library's ipKeyGenerator (an IPv6 by its prefix); its check reads only req.ip in the key's source.
    validate: { ...base.validate, keyGeneratorIpFallback: false },
    ...(store ? { store, passOnStoreError: false } : {}),
  });
}

/** Set on a callback request once its signature was checked (the router does it, before the limits). */
export const SIGNED_CALLBACK = 'signedCallback';

export type RateLimits = ReturnType<typeof rateLimits>;

/** Makes a store that counts a limit across instances, one per limiter. */
export type SharedStoreMaker = (options?: SharedStoreOptions) => Store;

export function rateLimits(settings: Settings, sharedStore?: SharedStoreMaker) {
  const anonymous = rateLimit({ ...base, limit: settings.RATE_LIMIT_ANONYMOUS_PER_MINUTE, message: tooMany });
  // The payments limit's own store, so a refusal gives its count back before its answer is sent (givePaymentBack).
  const paymentsStore = sharedStore?.() ?? new MemoryStore();
  const paymentsKey = (res: Response) => `uid:${res.locals.uid as string}`;
  return {
    /**
     * Starting payments: each that reached the provider made an order there; across instances with a shared store. All
     * tries, refused or not, are bounded too (a few times as many), so refusals cannot be asked without end.
     */
    payments: [
      perPlayer(settings.RATE_LIMIT_PAYMENTS_PER_MINUTE * PAYMENT_TRIES_PER_PAYMENT, sharedStore?.(), 'tries-'),
      perPlayer(settings.RATE_LIMIT_PAYMENTS_PER_MINUTE, paymentsStore),
    ],
    /**
     * Gives back the payments limit's count of a payment refused before the provider was asked (a price changed, a
     * country not sold to, a limit or a risk rule): it made no order at the provider. Awaited before the refusal is
     * answered, so the player's next try, on any instance, finds it given back. A refused promo code still counts:
     * codes are not to be guessed by trying payments.
     */
    givePaymentBack: (res: Response) => Promise.resolve(paymentsStore.decrement(paymentsKey(res))),
    /** Trying promo codes: as few as payments, across instances, so codes cannot be guessed by trying many. */
    promoCodes: perPlayer(settings.RATE_LIMIT_PAYMENTS_PER_MINUTE, sharedStore?.(), 'promo-'),
    returns: perPlayer(settings.RATE_LIMIT_PLAYER_PER_MINUTE),
    reconcile: perPlayer(settings.RATE_LIMIT_PLAYER_PER_MINUTE),
    orderReads: perPlayer(settings.RATE_LIMIT_PLAYER_PER_MINUTE),
    orderChecks: perPlayer(settings.RATE_LIMIT_PLAYER_PER_MINUTE),
    refunds: perPlayer(settings.RATE_LIMIT_PLAYER_PER_MINUTE),
    /** Support staff, each their own bucket. */
    support: perPlayer(settings.RATE_LIMIT_PLAYER_PER_MINUTE),
    /** Pack images a staff member uploads in an hour (each up to 500 KB, kept for good): across instances. */
    imageUploads: rateLimit({
      ...base,
      windowMs: 60 * 60_000,
      limit: settings.CATALOGUE_UPLOADS_PER_HOUR,
      message: { error: `You uploaded ${settings.CATALOGUE_UPLOADS_PER_HOUR} images in the last hour, the most an hour takes. Please try again later.` },
      keyGenerator: (_req: Request, res: Response) => `uploads-uid:${res.locals.uid as string}`,
      ...(sharedStore ? { store: sharedStore(), passOnStoreError: false } : {}),
    }),
    /**
     * Player-tag lookups for a gift, in an hour: per player, and per address (twice as many: a household shares one),
     * across instances, so tags cannot be tried one after another to learn who has an account.
     */
    giftLookups: [
      rateLimit({ ...base, windowMs: 60 * 60_000, limit: settings.GIFT_LOOKUPS_PER_HOUR, message: giftLookupsSpent, keyGenerator: (_req: Request, res: Response) => `gift-uid:${res.locals.uid as string}`, ...(sharedStore ? { store: sharedStore(), passOnStoreError: false } : {}) }),
      rateLimit({
        ...base,
        windowMs: 60 * 60_000,
        limit: 2 * settings.GIFT_LOOKUPS_PER_HOUR,
        message: giftLookupsSpent,
        keyGenerator: (req: Request) => `gift-ip:${addressKeyOf(req.ip)}`,
        validate: { ...base.validate, keyGeneratorIpFallback: false },
        ...(sharedStore ? { store: sharedStore({ shards: ADDRESS_COUNTERS }), passOnStoreError: false } : {}),
      }),
    ],
    /** Calls without a player: the countries list, and callbacks whose signature does not hold. */
    anonymous,
    /** Codes a game confirms or previews: refused ones counted per game account and per address, across instances. */
    linkTries: [
      failedLinkTries(LINK_TRIES.perAccount, 'account', sharedStore?.()),
      failedLinkTries(LINK_TRIES.perAddressAndAccount, 'addressAndAccount', sharedStore?.()),
      failedLinkTries(LINK_TRIES.perAddress, 'address', sharedStore?.({ shards: ADDRESS_COUNTERS })),
    ],
    /** The game's server: a request whose signature holds (./gameSignature) draws on the game's own budget, any other on its address's. */
    gameServer: [
      rateLimit({ ...base, limit: settings.RATE_LIMIT_GAME_SERVER_PER_MINUTE, message: tooMany, keyGenerator: () => 'game-server', skip: (_req, res) => res.locals[SIGNED_BY_GAME] !== true }),
      rateLimit({ ...base, limit: settings.RATE_LIMIT_ANONYMOUS_PER_MINUTE, message: tooMany, skip: (_req, res) => res.locals[SIGNED_BY_GAME] === true }),
    ],
    /** The provider's callbacks: a validly signed one draws on the provider's own budget, any other on its address's. */
    callbacks: [
      rateLimit({ ...base, limit: settings.RATE_LIMIT_CALLBACKS_PER_MINUTE, message: tooMany, keyGenerator: () => 'provider', skip: (_req, res) => res.locals[SIGNED_CALLBACK] !== true }),
      rateLimit({ ...base, limit: settings.RATE_LIMIT_ANONYMOUS_PER_MINUTE, message: tooMany, skip: (_req, res) => res.locals[SIGNED_CALLBACK] === true }),
    ],
  };
}
