import './validation/zodConfig';
import { z } from 'zod';

/**
 * Where a visit, and the order it leads to, came from (docs/game-integration.md, Links into the store): a closed set,
 * read once from the landing address and the referrer, kept for the browser's session as the first touch and the last
 * (a direct visit never replaces a touch that named where it came from), and written on the order in its commit.
 */
export const SALE_SOURCES = ['direct', 'gameLink', 'gameSignIn', 'email', 'creator', 'search', 'otherSite'] as const;
export type SaleSourceKind = (typeof SALE_SOURCES)[number];

/** The platforms and storefronts the game passes on its links (an app store's country, ISO 3166 alpha-2). */
export const GAME_PLATFORMS = ['ios', 'android'] as const;
export type GamePlatform = (typeof GAME_PLATFORMS)[number];

/** The landing address's parameters the store reads (and the game's links carry: docs/game-integration.md). */
export const SOURCE_PARAMS = { source: 'source', campaign: 'utm_campaign', utmSource: 'utm_source', utmMedium: 'utm_medium', platform: 'platform', storefront: 'storefront', linkout: 'linkout', creator: 'creator' } as const;

/** One touch: where from, and what the link said of itself. Nothing in it names a person. */
export interface SourceTouch {
  source: SaleSourceKind;
  /** utm_source, utm_medium and utm_campaign as given (letters, digits, - _ . only, 60 at most). */
  utmSource?: string;
  utmMedium?: string;
  campaign?: string;
  platform?: GamePlatform;
  storefront?: string;
  /** When the game showed its "buy on the web" link (ms), from the link's `linkout` (Unix seconds). */
  linkoutAt?: number;
  /** When the store read it (ms). */
  at: number;
}

/** An order's source: the session's first and last touch. */
export interface OrderSource {
  first: SourceTouch;
  last: SourceTouch;
}

const word = z.string().regex(/^[A-Za-z0-9_.-]{1,60}$/);
export const sourceTouchSchema = z.strictObject({
  source: z.enum(SALE_SOURCES),
  utmSource: word.optional(),
  utmMedium: word.optional(),
  campaign: word.optional(),
  platform: z.enum(GAME_PLATFORMS).optional(),
  storefront: z.string().regex(/^[A-Z]{2}$/).optional(),
  linkoutAt: z.number().int().min(0).optional(),
  at: z.number().int().min(0),
});
export const orderSourceSchema = z.strictObject({ first: sourceTouchSchema, last: sourceTouchSchema });

const SEARCH_ENGINES = /(^|\.)(google|bing|duckduckgo|yahoo|ecosia|baidu|yandex|search\.brave)\./i;

/**
 * The touch a landing makes, from its address's parameters and its referrer, or null for a visit that says nothing
 * (a reload, a link inside the store: the session's touches stand). A link's own `source` wins; then a creator's code,
 * utm_medium=email, a referrer that is a search engine or another site.
 */
export function touchOf(search: string, referrer: string, ownHost: string, now: number): SourceTouch | null {
  const params = new URLSearchParams(search);
  const valid = (value: string | null) => (value !== null && word.safeParse(value).success ? value : undefined);
  const named = params.get(SOURCE_PARAMS.source);
  const medium = valid(params.get(SOURCE_PARAMS.utmMedium));
  const referrerHost = (() => {
    try {
      return referrer ? new URL(referrer).hostname : '';
    } catch {
      return '';
    }
  })();
  const source: SaleSourceKind | null = (SALE_SOURCES as readonly string[]).includes(named ?? '')
    ? (named as SaleSourceKind)
    : params.get(SOURCE_PARAMS.creator)
      ? 'creator'
      : medium?.toLowerCase() === 'email'
        ? 'email'
        : referrerHost && referrerHost !== ownHost
          ? SEARCH_ENGINES.test(referrerHost)
            ? 'search'
            : 'otherSite'
          : null;
  if (!source) return null;
  const platform = params.get(SOURCE_PARAMS.platform);
  const storefront = params.get(SOURCE_PARAMS.storefront)?.toUpperCase();
  const linkout = Number(params.get(SOURCE_PARAMS.linkout));
  return {
    source,
    ...(valid(params.get(SOURCE_PARAMS.utmSource)) ? { utmSource: valid(params.get(SOURCE_PARAMS.utmSource)) } : {}),
    ...(medium ? { utmMedium: medium } : {}),
    ...(valid(params.get(SOURCE_PARAMS.campaign)) ? { campaign: valid(params.get(SOURCE_PARAMS.campaign)) } : {}),
    ...((GAME_PLATFORMS as readonly string[]).includes(platform ?? '') ? { platform: platform as GamePlatform } : {}),
    ...(storefront && /^[A-Z]{2}$/.test(storefront) ? { storefront } : {}),
    // A link-out time within the last day and not ahead of now (a little clock skew allowed): any other is not kept.
    ...(Number.isInteger(linkout) && linkout * 1000 <= now + 300_000 && linkout * 1000 > now - 86_400_000 ? { linkoutAt: linkout * 1000 } : {}),
    at: now,
  };
}

/** The session's touches after a landing: the first kept, the last replaced by a landing that named a source. */
export function nextTouches(kept: OrderSource | null, touch: SourceTouch | null, now: number): OrderSource {
  const direct: SourceTouch = { source: 'direct', at: now };
  if (!kept) return { first: touch ?? direct, last: touch ?? direct };
  return touch ? { first: kept.first, last: touch } : kept;
}

/** The source an order is counted under in the overview: its last touch (a direct order: direct). */
export const countedSource = (source: OrderSource | undefined | null): SaleSourceKind => source?.last.source ?? 'direct';

/** A payment within this long after the game's link-out is reported to the platform (docs/game-integration.md). */
export const LINKOUT_WINDOW_MS = 24 * 3_600_000;
