import './validation/zodConfig';
import { z } from 'zod';
import { GAME_PLATFORMS, type GamePlatform } from './saleSource';

/**
 * Where the game may show a "buy on the web" link (docs/game-integration.md, The link-out switch): per platform, the
 * app-store storefronts (ISO 3166 alpha-2) whose rules allow it. Staff set it in the console; the game asks
 * GET /api/linkout/allowed before it shows the link.
 */
export interface LinkoutSetting {
  allowed: Record<GamePlatform, string[]>;
  updatedAt: number;
  updatedBy: string;
}

/** Until staff say otherwise: the US App Store and Google Play US only (Australia has no remedy allowing it). */
export const DEFAULT_LINKOUT: LinkoutSetting = { allowed: { ios: ['US'], android: ['US'] }, updatedAt: 0, updatedBy: 'the store’s defaults' };

export const isLinkoutAllowed = (setting: Pick<LinkoutSetting, 'allowed'>, platform: GamePlatform, storefront: string) => setting.allowed[platform].includes(storefront);

/** GET /api/linkout/allowed?platform=ios&storefront=AU */
export interface LinkoutAnswer {
  platform: GamePlatform;
  storefront: string;
  allowed: boolean;
}

export const linkoutQuerySchema = z.strictObject({
  platform: z.enum(GAME_PLATFORMS, 'platform is ios or android.'),
  storefront: z.string().regex(/^[A-Z]{2}$/, 'storefront is a country code of two capital letters, like AU.'),
});

const storefronts = z.array(z.string().regex(/^[A-Z]{2}$/, 'Each storefront is a country code of two capital letters, like US.')).max(250);
/** PUT /api/support/linkout: the storefronts allowed per platform. */
export const linkoutSettingSchema = z.strictObject({ allowed: z.strictObject({ ios: storefronts, android: storefronts }) });

/** store_settings/linkout/audit/{id}: who changed the switch, when, before and after. */
export interface LinkoutAuditEntry {
  at: number;
  by: string;
  before: LinkoutSetting['allowed'];
  after: LinkoutSetting['allowed'];
}

/** GET /api/support/linkout */
export interface LinkoutConsoleView {
  setting: LinkoutSetting;
  audit: LinkoutAuditEntry[];
}
