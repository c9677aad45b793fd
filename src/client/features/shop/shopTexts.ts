import { formatGemCount } from '../../../shared/money';

/** The shop's words. */
export const shopTexts = {
  heading: 'Gem Shop',
  intro: 'Power up your kingdom. Gems land in your account as soon as your payment is confirmed.',
  priceNote: 'Prices are in Australian dollars (A$) and include GST.',
  bestValue: 'Best value',
  per100Gems: (price: string) => `${price} per 100 gems`,
  buy: 'Buy',
  /** The way to the daily gift (/rewards). */
  dailyGift: 'Free gems every day: claim your daily gift',
  unknownPack: 'That gem pack does not exist, so here are all of our packs.',
} as const;

export const gemsLabel = (count: number) => `${formatGemCount(count)} gems`;
