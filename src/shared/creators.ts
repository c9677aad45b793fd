import './validation/zodConfig';
import { z } from 'zod';

/**
 * Creator codes (docs/payments.md, Where sales come from): a creator who brings players earns a share of what their
 * code's orders still pay. A player enters the code on the payment form, or arrives by the creator's link (the code
 * filled in, removable); the order keeps it. A code never changes the price.
 */
export const CREATOR_CODE_PATTERN = /^[A-Z0-9]{3,20}$/;
export const CREATOR_SHARE_MAX = 50;

/** creators/{code}: a creator's code as staff set it. */
export interface Creator {
  code: string;
  name: string;
  /** The creator's share of their orders' net money, in percent. */
  sharePercent: number;
  startsAt: number;
  /** null: no end. */
  endsAt: number | null;
  updatedAt: number;
  updatedBy: string;
}

/** The creator an order was made with, as it stood then (transactions/{id}.creator). */
export type OrderCreator = Pick<Creator, 'code' | 'name' | 'sharePercent'>;

export const isCreatorActive = (creator: Pick<Creator, 'startsAt' | 'endsAt'>, now: number) => creator.startsAt <= now && (creator.endsAt === null || now < creator.endsAt);

/** creators/{code}/audit/{id}: who changed a creator's code, when, before and after. */
export interface CreatorAuditEntry {
  at: number;
  by: string;
  before: Creator | null;
  after: Creator;
}

/** A creator's month: their orders still paid, the net money, and their share of it (A$ cents, rounded down). */
export interface CreatorEarnings {
  code: string;
  name: string;
  sharePercent: number;
  paid: number;
  netCents: number;
  earnedCents: number;
}

/** GET /api/support/creators */
export interface CreatorsView {
  creators: Creator[];
  audit: CreatorAuditEntry[];
}

export const creatorTexts = {
  field: 'Creator code (optional)',
  hint: 'Supporting a creator? Their code never changes your price.',
  unknown: 'That creator code is not one we know, or it has ended. Remove it to pay without one.',
  onReceipt: (name: string) => `Creator: ${name}`,
  badCode: 'A creator code is 3 to 20 capital letters and digits.',
} as const;

export const creatorCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(CREATOR_CODE_PATTERN, creatorTexts.badCode);

/** PUT /api/support/creators/:code (created or changed; audited). Times are ms; endsAt null for no end. */
export const creatorFormSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Give the creator’s name as players know it.').max(60, 'A name is at most 60 characters.'),
    sharePercent: z.number().min(0, 'A share is 0 to 50 percent.').max(CREATOR_SHARE_MAX, `A share is 0 to ${CREATOR_SHARE_MAX} percent.`),
    startsAt: z.number().int().min(0),
    endsAt: z.number().int().min(0).nullable(),
  })
  .refine((form) => form.endsAt === null || form.endsAt > form.startsAt, { message: 'The end is after the start.', path: ['endsAt'] });
