import './zodConfig';
import { z } from 'zod';
import { birthDateField, emailField } from './account';
import { spendingLimitFormSchema } from './spendingLimit';

/** "Date of birth" before the first payment, for an account made before the store asked it at sign-up. */
export const birthDateSchema = (today: string) => z.strictObject({ birthDate: birthDateField(today) });

/** "Guardian's email": where the consent request goes. */
export const guardianEmailSchema = z.strictObject({ guardianEmail: emailField });

/** The guardian's answer on the consent page: Consent, with a monthly limit or none, as the player's parent or guardian. */
export const consentFormSchema = spendingLimitFormSchema.extend({
  guardianConfirmed: z.literal('yes', "Please confirm that you are this player's parent or guardian."),
});

export type ConsentFormData = z.infer<typeof consentFormSchema>;

export type BirthDateFormData = { birthDate: string };
export type GuardianEmailFormData = z.infer<typeof guardianEmailSchema>;
