import './zodConfig';
import { z } from 'zod';

/** The largest monthly limit the form takes, in dollars: above it, "no limit" says the same more plainly. */
export const SPENDING_LIMIT_MAX_DOLLARS = 10_000;

/** /account/limits: "Monthly spending limit (A$)", in whole dollars or dollars and cents; empty for no limit. */
export const spendingLimitFormSchema = z.strictObject({
  monthlyLimit: z
    .string()
    .trim()
    .max(12, 'Enter an amount in dollars, like 20 or 20.50.')
    .refine((text) => text === '' || /^\d{1,6}(\.\d{1,2})?$/.test(text), 'Enter an amount in dollars, like 20 or 20.50, or leave it empty for no limit.')
    .refine((text) => text === '' || Number(text) <= SPENDING_LIMIT_MAX_DOLLARS, `Enter at most ${SPENDING_LIMIT_MAX_DOLLARS.toLocaleString('en-AU')}, or leave it empty for no limit.`),
});

export type SpendingLimitFormData = z.infer<typeof spendingLimitFormSchema>;

/** The limit the form asks for, in cents; null for none. */
export function limitCentsOf({ monthlyLimit }: SpendingLimitFormData): number | null {
  if (monthlyLimit.trim() === '') return null;
  const [dollars, cents = ''] = monthlyLimit.trim().split('.');
  return Number(dollars) * 100 + Number(cents.padEnd(2, '0'));
}
