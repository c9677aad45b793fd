import './zodConfig';
import { z } from 'zod';
import { isPackImage, type GemPack, type PackLimit } from '../catalogue';
import { isWallTime, wallTimeFieldOf, wallTimeIn } from '../wallTime';
import { scheduleIssues } from './schedule';
import { isPlainDisplayText, notPlainText, titleSchema } from './text';

/** What staff may set a pack to (issue 54): every rule the console and the API check alike. */
export const PACK_LIMITS = { titleMax: 60, badgeMax: 24, gemsMax: 1_000_000, priceMaxCents: 100_000, packsMax: 24, perPlayerMax: 100 } as const;

/** An uploaded pack image: its types (by their first bytes, not their name) and its largest size. */
export const PACK_IMAGE_TYPES = ['image/png', 'image/webp', 'image/jpeg'] as const;
export type PackImageType = (typeof PACK_IMAGE_TYPES)[number];
export const PACK_IMAGE_MAX_BYTES = 500 * 1024;
export const PACK_IMAGE_MESSAGE = 'Choose a PNG, WebP or JPEG image under 500 KB.';

/** The type an image's first bytes say it is, or null for anything else. */
export function packImageTypeOf(bytes: Uint8Array): PackImageType | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const PRICE_TEXT = /^\d{1,7}(\.\d{1,2})?$/;

/** Whole cents from "39.99", "40" or "40.5"; NaN when the text is not a price in whole cents. */
export function centsOfPriceText(text: string): number {
  const trimmed = text.trim().replace(/^A?\$/, '');
  if (!PRICE_TEXT.test(trimmed)) return Number.NaN;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** One pack of the draft as the console's form holds it: numbers and times as typed. */
export const packFormSchema = z.strictObject({
  /** The pack's id; null for a pack new in this draft (the server gives it one). */
  id: z.number().int().min(1).nullable(),
  title: titleSchema('Give the pack a title players will read, like "Pouch of Gem".', PACK_LIMITS.titleMax),
  gems: z
    .string()
    .trim()
    .refine((text) => /^\d{1,7}$/.test(text) && Number(text) >= 1 && Number(text) <= PACK_LIMITS.gemsMax, `Gems are a whole number from 1 to ${PACK_LIMITS.gemsMax.toLocaleString('en-AU')}.`),
  price: z
    .string()
    .trim()
    .refine((text) => {
      const cents = centsOfPriceText(text);
      return Number.isFinite(cents) && cents >= 1 && cents <= PACK_LIMITS.priceMaxCents;
    }, 'The price is in A$ and whole cents, above A$0.00 and at most A$1,000.00, like 39.99.'),
  image: z.string().refine(isPackImage, 'Choose one of the store’s pictures, or upload an image.'),
  badge: z
    .string()
    .trim()
    .max(PACK_LIMITS.badgeMax, `Keep the badge to ${PACK_LIMITS.badgeMax} characters.`)
    .refine(isPlainDisplayText, notPlainText('badge')),
  startsAt: z.string(),
  endsAt: z.string(),
  limitCount: z
    .string()
    .trim()
    .refine((text) => text === '' || (/^\d{1,3}$/.test(text) && Number(text) >= 1 && Number(text) <= PACK_LIMITS.perPlayerMax), `A limit is a whole number from 1 to ${PACK_LIMITS.perPlayerMax}, or empty for none.`),
  limitPer: z.enum(['ever', 'month'], 'Choose per player, or per player each month.'),
});

export type PackForm = z.input<typeof packFormSchema>;

/** The draft as the console saves it: its packs in shelf order, and the draft's revision it was edited from. */
export function catalogueDraftSchema(timeZone: string) {
  const wallTime = (field: string) =>
    z.string().refine((text) => text === '' || isWallTime(text), `Enter a date and time, or leave it empty for ${field}.`);
  return z
    .strictObject({
      revision: z.number().int().min(0),
      packs: z
        .array(packFormSchema.safeExtend({ startsAt: wallTime('no start'), endsAt: wallTime('no end') }))
        .min(1, 'The shelf needs at least one pack.')
        .max(PACK_LIMITS.packsMax, `The shelf holds at most ${PACK_LIMITS.packsMax} packs.`),
    })
    .superRefine((draft, context) => {
      const ids = draft.packs.map((pack) => pack.id).filter((id) => id !== null);
      if (new Set(ids).size !== ids.length) context.addIssue({ code: 'custom', path: ['packs'], message: 'Two packs have the same id.' });
      draft.packs.forEach((pack, index) => {
        for (const { field, message } of scheduleIssues(timeZone, pack)) context.addIssue({ code: 'custom', path: ['packs', index, field], message });
      });
    });
}

export type CatalogueDraftForm = z.input<ReturnType<typeof catalogueDraftSchema>>;

/** The pack a checked form names; `id` is the pack's (the server's for a new one). */
export function packOfForm(form: PackForm, id: number, timeZone: string): GemPack {
  const limit: PackLimit | undefined = form.limitCount.trim() === '' ? undefined : { count: Number(form.limitCount), per: form.limitPer };
  const badge = form.badge.trim();
  return {
    id,
    title: form.title.trim(),
    gemCount: Number(form.gems),
    priceCents: centsOfPriceText(form.price),
    image: form.image as GemPack['image'],
    ...(badge ? { badge } : {}),
    ...(form.startsAt ? { startsAt: wallTimeIn(timeZone, form.startsAt) } : {}),
    ...(form.endsAt ? { endsAt: wallTimeIn(timeZone, form.endsAt) } : {}),
    ...(limit ? { limit } : {}),
  };
}

/** A pack as the console's form shows it. */
export function formOfPack(pack: GemPack, timeZone: string): PackForm {
  return {
    id: pack.id,
    title: pack.title,
    gems: String(pack.gemCount),
    price: (pack.priceCents / 100).toFixed(2),
    image: pack.image,
    badge: pack.badge ?? '',
    startsAt: pack.startsAt === undefined ? '' : wallTimeFieldOf(timeZone, pack.startsAt),
    endsAt: pack.endsAt === undefined ? '' : wallTimeFieldOf(timeZone, pack.endsAt),
    limitCount: pack.limit ? String(pack.limit.count) : '',
    limitPer: pack.limit?.per ?? 'ever',
  };
}
