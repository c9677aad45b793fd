import './zodConfig';
import { z } from 'zod';
import { isPackIdText } from '../routes';
import { FIRST_PURCHASE_OFFER_ID, OFFER_KINDS, type Offer } from '../offers/offer';
import { isWallTime, wallTimeIn } from '../wallTime';
import { scheduleIssues } from './schedule';
import { titleSchema } from './text';
import { PROMO_CODE_MESSAGE, PROMO_CODE_PATTERN } from './promoCode';
import { AUDIENCE_CHOICES, audienceRuleOf, experimentSettingsOf } from './offerTailoring';

export const OFFER_LIMITS = { percentMax: 1000, gemsMax: 100_000, titleMax: 60, usesMax: 1_000_000 } as const;

const wholeNumber = (field: string, max: number) =>
  z
    .string()
    .trim()
    .refine((text) => /^\d{1,7}$/.test(text) && Number(text) >= 1 && Number(text) <= max, `${field} is a whole number from 1 to ${max.toLocaleString('en-AU')}.`);
const optionalWholeNumber = (field: string, max: number) => z.union([z.literal(''), wholeNumber(field, max)]);

/**
 * The support console's offer form, as typed: times are wall-clock times in STORE_TIME_ZONE (datetime-local
 * fields), numbers are text. `offerFormSchema(timeZone)` checks them together: no bonus below 1, no end before
 * its start, a code for a promo code.
 */
export function offerFormSchema(timeZone: string) {
  return z
    .strictObject({
      kind: z.enum(OFFER_KINDS, 'Choose what kind of offer this is.'),
      title: titleSchema('Give the offer a title players will read, like "Weekend bonus".', OFFER_LIMITS.titleMax),
      bonusUnit: z.enum(['percent', 'gems'], 'Choose a percentage or a number of gems.'),
      bonusAmount: z.string().trim(),
      // Which packs exist is the published catalogue's: the server checks the pack is one of it.
      packId: z.string().refine((text) => text === '' || isPackIdText(text), 'Choose a pack, or every pack.'),
      startsAt: z.string().refine(isWallTime, 'Enter when the offer starts.'),
      endsAt: z.string().refine((text) => text === '' || isWallTime(text), 'Enter a date and time, or leave it empty for no end.'),
      code: z.string().trim().toUpperCase(),
      totalUses: optionalWholeNumber('Total uses', OFFER_LIMITS.usesMax),
      perPlayerUses: optionalWholeNumber('Uses per player', OFFER_LIMITS.usesMax),
      // Who may have it, and whether it runs against a holdout (./offerTailoring): none of them, every player.
      audience: z.enum(AUDIENCE_CHOICES, 'Choose who the offer is for.').default(''),
      audienceValue: z.string().trim().max(40).default(''),
      holdoutPercent: z.string().trim().max(3).default(''),
      secondBonusAmount: z.string().trim().max(8).default(''),
    })
    .superRefine((form, context) => {
      const max = form.bonusUnit === 'percent' ? OFFER_LIMITS.percentMax : OFFER_LIMITS.gemsMax;
      const amount = wholeNumber(form.bonusUnit === 'percent' ? 'The percentage' : 'The number of gems', max).safeParse(form.bonusAmount);
      if (!amount.success) context.addIssue({ code: 'custom', path: ['bonusAmount'], message: amount.error.issues[0]!.message });
      for (const { field, message } of scheduleIssues(timeZone, form)) context.addIssue({ code: 'custom', path: [field], message });
      if (form.kind === 'promoCode' && !PROMO_CODE_PATTERN.test(form.code)) {
        context.addIssue({ code: 'custom', path: ['code'], message: PROMO_CODE_MESSAGE });
      }
      if (form.kind === 'timeBoxed' && form.endsAt === '') {
        context.addIssue({ code: 'custom', path: ['endsAt'], message: 'A time-boxed bonus needs its real end.' });
      }
      const tailoring = tailoringOf(form);
      if (form.kind === 'promoCode' && (tailoring.audience.length > 0 || tailoring.experiment)) {
        context.addIssue({ code: 'custom', path: ['audience'], message: 'A promo code is for whoever has it: give it no audience and no holdout.' });
      }
      for (const issue of tailoring.issues) context.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    });
}

export type OfferFormData = z.input<ReturnType<typeof offerFormSchema>>;

/** The audience and experiment the form's fields make, and what is wrong with them. */
function tailoringOf(form: Pick<OfferFormData, 'audience' | 'audienceValue' | 'holdoutPercent' | 'secondBonusAmount' | 'bonusUnit' | 'bonusAmount'>) {
  const issues: { field: string; message: string }[] = [];
  const rule = audienceRuleOf(form.audience ?? '', form.audienceValue ?? '');
  if (rule && 'error' in rule) issues.push({ field: 'audienceValue', message: rule.error });
  const experiment = experimentSettingsOf(form.holdoutPercent ?? '', { unit: form.bonusUnit, amount: Number(form.bonusAmount) }, form.secondBonusAmount ?? '');
  if (experiment && 'error' in experiment) issues.push({ field: experiment.field, message: experiment.error });
  return {
    audience: rule && !('error' in rule) ? [rule] : [],
    experiment: experiment && !('error' in experiment) ? experiment : null,
    issues,
  };
}

/** The offer's settings from a checked form (the id, uses and times of change are the server's). */
export function offerSettingsOf(form: OfferFormData, timeZone: string): Omit<Offer, 'id' | 'uses' | 'updatedAt' | 'active'> {
  const isCode = form.kind === 'promoCode';
  const { audience, experiment } = isCode ? { audience: [], experiment: null } : tailoringOf(form);
  return {
    audience,
    experiment,
    kind: form.kind,
    title: form.title.trim(),
    bonus: { unit: form.bonusUnit, amount: Number(form.bonusAmount) },
    packIds: form.packId === '' ? null : [Number(form.packId)],
    startsAt: wallTimeIn(timeZone, form.startsAt),
    endsAt: form.endsAt === '' ? null : wallTimeIn(timeZone, form.endsAt),
    public: !isCode,
    ...(isCode
      ? {
          code: form.code.trim().toUpperCase(),
          totalUses: form.totalUses === '' ? null : Number(form.totalUses),
          perPlayerUses: form.perPlayerUses === '' ? null : Number(form.perPlayerUses),
        }
      : {}),
  };
}

/** The id an offer is stored under: the one first-purchase offer keeps its name, others a fresh one. */
export function offerIdFor(kind: Offer['kind'], fresh: () => string): string {
  return kind === 'firstPurchase' ? FIRST_PURCHASE_OFFER_ID : fresh();
}
