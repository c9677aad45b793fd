import { SALE_SOURCES, type SaleSourceKind } from '../saleSource';
import type { AudienceRule } from '../offers/audience';
import { HOLDOUT_ARM, type OfferExperiment } from '../offers/experiment';
import type { OfferBonus } from '../offers/offer';
import { isPackIdText } from '../routes';
import { CREATOR_CODE_PATTERN } from '../creators';

/**
 * The offer form's audience and experiment, as typed (text), and what they become on the offer. One audience rule an
 * offer (staff who want two make two offers); an experiment is the offer's bonus against a holdout, or two bonuses
 * (the second in the same unit) against it, the two weighted alike.
 */
export const AUDIENCE_CHOICES = ['', 'lapsed', 'spendBand', 'source', 'creator', 'gameAccount', 'webAccount', 'ownsPack', 'neverBought', 'firstPurchase'] as const;
export type AudienceChoice = (typeof AUDIENCE_CHOICES)[number];

/** How staff read each choice, and what its value field asks for. */
export const AUDIENCE_CHOICE_WORDS: Record<AudienceChoice, { label: string; value: string | null }> = {
  '': { label: 'Every player', value: null },
  lapsed: { label: 'Lapsed: paid before, not in the last N days', value: 'Days since their last payment (1 to 3,650)' },
  spendBand: { label: 'Spend band: net paid in the last 90 days', value: 'From and to in A$, like 50-200, or 200- for no top' },
  source: { label: 'Came from one source', value: `One of ${SALE_SOURCES.join(', ')}` },
  creator: { label: 'Pays with a creator’s code', value: 'The creator’s code' },
  gameAccount: { label: 'Signed in with the game', value: null },
  webAccount: { label: 'Not signed in with the game', value: null },
  ownsPack: { label: 'Owns a pack (bought it, money standing)', value: 'The pack’s id' },
  neverBought: { label: 'Never bought a pack', value: 'The pack’s id' },
  firstPurchase: { label: 'Never paid before', value: null },
};

export const MAX_HOLDOUT_PERCENT = 50;

/** The audience rule the choice and value make, or the message for the value field. */
export function audienceRuleOf(choice: AudienceChoice, value: string): AudienceRule | null | { error: string } {
  const text = value.trim();
  const wholeIn = (min: number, max: number) => (/^\d{1,7}$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : null);
  switch (choice) {
    case '':
      return null;
    case 'lapsed': {
      const days = wholeIn(1, 3650);
      return days === null ? { error: 'Give the days since their last payment, a whole number from 1 to 3,650.' } : { rule: 'lapsed', days };
    }
    case 'spendBand': {
      const match = /^(\d{1,6})\s*-\s*(\d{1,6})?$/.exec(text);
      const [min, max] = match ? [Number(match[1]) * 100, match[2] === undefined ? null : Number(match[2]) * 100] : [NaN, null];
      if (!match || (max !== null && max <= min)) return { error: 'Give the band in whole A$ as from-to, like 50-200 (the top above the bottom), or 200- for no top.' };
      return { rule: 'spendBand', minCents: min, maxCents: max };
    }
    case 'source':
      return (SALE_SOURCES as readonly string[]).includes(text) ? { rule: 'source', sources: [text as SaleSourceKind] } : { error: `Give one source: ${SALE_SOURCES.join(', ')}.` };
    case 'creator':
      return CREATOR_CODE_PATTERN.test(text.toUpperCase()) ? { rule: 'creator', code: text.toUpperCase() } : { error: 'Give the creator’s code: 3 to 20 capital letters and digits.' };
    case 'gameAccount':
    case 'webAccount':
      return { rule: 'gameAccount', is: choice === 'gameAccount' };
    case 'ownsPack':
    case 'neverBought':
      return isPackIdText(text) ? { rule: choice, packId: Number(text) } : { error: 'Give the pack’s id, a whole number.' };
    default:
      return { rule: 'firstPurchase' };
  }
}

/** The form's value of an audience rule (the reverse of audienceRuleOf), for editing. */
export function audienceFieldsOf(rule: AudienceRule | undefined): { audience: AudienceChoice; audienceValue: string } {
  if (!rule) return { audience: '', audienceValue: '' };
  switch (rule.rule) {
    case 'lapsed':
      return { audience: 'lapsed', audienceValue: String(rule.days) };
    case 'spendBand':
      return { audience: 'spendBand', audienceValue: `${rule.minCents / 100}-${rule.maxCents === null ? '' : rule.maxCents / 100}` };
    case 'source':
      return { audience: 'source', audienceValue: rule.sources[0] ?? '' };
    case 'creator':
      return { audience: 'creator', audienceValue: rule.code };
    case 'gameAccount':
      return { audience: rule.is ? 'gameAccount' : 'webAccount', audienceValue: '' };
    case 'ownsPack':
    case 'neverBought':
      return { audience: rule.rule, audienceValue: String(rule.packId) };
    default:
      return { audience: 'firstPurchase', audienceValue: '' };
  }
}

/** The experiment the holdout and second bonus make ('' holdout: not an experiment), or the message for the field. */
export function experimentSettingsOf(holdoutPercent: string, bonus: OfferBonus, secondAmount: string): OfferExperiment | null | { error: string; field: 'holdoutPercent' | 'secondBonusAmount' } {
  if (holdoutPercent.trim() === '') return null;
  const percent = Number(holdoutPercent.trim());
  if (!/^\d{1,2}$/.test(holdoutPercent.trim()) || percent < 1 || percent > MAX_HOLDOUT_PERCENT) {
    return { error: `The holdout is a whole percentage from 1 to ${MAX_HOLDOUT_PERCENT}.`, field: 'holdoutPercent' };
  }
  const second = secondAmount.trim();
  if (second !== '' && !(/^\d{1,7}$/.test(second) && Number(second) >= 1)) return { error: 'The second bonus is a whole number, or empty for one arm.', field: 'secondBonusAmount' };
  const armName = ({ unit, amount }: OfferBonus) => `${amount}-${unit === 'percent' ? 'percent' : 'gems'}`;
  const arms = [{ id: armName(bonus), weight: 1, bonus }];
  if (second !== '') arms.push({ id: armName({ unit: bonus.unit, amount: Number(second) }), weight: 1, bonus: { unit: bonus.unit, amount: Number(second) } });
  if (arms.length === 2 && arms[0]!.id === arms[1]!.id) return { error: 'The second bonus differs from the first.', field: 'secondBonusAmount' };
  if (arms.some((arm) => arm.id === HOLDOUT_ARM)) return { error: 'An arm is never called holdout.', field: 'secondBonusAmount' };
  return { arms, holdoutShare: percent / 100, paused: false };
}
