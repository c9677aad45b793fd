import { formatGemCount } from '../../../shared/money';

/** The shop's words. */
export const shopTexts = {
  heading: 'Gem Shop',
  intro: 'Power up your kingdom. Gems land in your account as soon as your payment is confirmed.',
  per100Gems: (price: string) => `${price} per 100 gems`,
  buy: 'Buy',
  /** The way to the daily gift (/rewards). */
  dailyGift: 'Free gems every day: claim your daily gift',
  previewNote: (when: string) => `Preview of the saved draft as players see it at ${when}.`,
  previewFailed: (reason: string) => `The draft could not be shown: ${reason}`,
  unknownPack: 'That gem pack is not on sale now, so here are the packs that are.',
} as const;

export const gemsLabel = (count: number) => `${formatGemCount(count)} gems`;
