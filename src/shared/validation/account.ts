import './zodConfig';
import { z } from 'zod';
import { isPlausibleBirthDate } from '../protections/age';

/** Limits on account fields; the sign-in page and any server check read them from here. */
export const ACCOUNT_LIMITS = { emailMaxLength: 254, passwordMinLength: 8, passwordMaxLength: 128 } as const;

export const emailField = z
  .string()
  .trim()
  .min(1, 'Enter your email address.')
  .max(ACCOUNT_LIMITS.emailMaxLength, `Use at most ${ACCOUNT_LIMITS.emailMaxLength} characters.`)
  .pipe(z.email('Enter a valid email address, like name@example.com.'));

const existingPassword = z
  .string()
  .min(1, 'Enter your password.')
  .max(ACCOUNT_LIMITS.passwordMaxLength, `Use at most ${ACCOUNT_LIMITS.passwordMaxLength} characters.`);

const newPassword = z
  .string()
  .min(ACCOUNT_LIMITS.passwordMinLength, `Use at least ${ACCOUNT_LIMITS.passwordMinLength} characters.`)
  .max(ACCOUNT_LIMITS.passwordMaxLength, `Use at most ${ACCOUNT_LIMITS.passwordMaxLength} characters.`);

export const birthDateMessage = 'Enter your date of birth: a real date, not in the future, from 1900 on.';

/** "Date of birth": YYYY-MM-DD (a date input's value), a real date from 1900 up to `today`. */
export const birthDateField = (today: string) => z.string().trim().refine((text) => isPlausibleBirthDate(text, today), birthDateMessage);

export const signInSchema = z.object({ email: emailField, password: existingPassword });

/** A new password is typed twice, and the two must match. */
const typedTwice: [(values: { password: string; confirmPassword: string }) => boolean, { path: string[]; message: string }] = [
  (values) => values.password === values.confirmPassword,
  { path: ['confirmPassword'], message: 'The passwords do not match.' },
];

/** Creating an account: the email, a new password twice, and the date of birth (the store's terms set a minimum age). */
export const signUpSchema = (today: string) =>
  z.object({ email: emailField, password: newPassword, confirmPassword: z.string(), birthDate: birthDateField(today) }).refine(...typedTwice);

/** The reset link's page: the new password, twice. */
export const newPasswordSchema = z.object({ password: newPassword, confirmPassword: z.string() }).refine(...typedTwice);

export const passwordResetSchema = z.object({ email: emailField });

/** Providers that ignore dots in an address's local part: a.b.c@gmail.com is abc@gmail.com. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, for telling two addresses apart: case folded, a `+tag` dropped, and dots
 * dropped where the provider ignores them. Two addresses with the same mailbox reach the same person.
 */
export function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split(/@(?=[^@]*$)/);
  const untagged = local.split('+')[0]!;
  const canonicalDomain = domain === 'googlemail.com' ? 'gmail.com' : domain;
  return `${DOTLESS_DOMAINS.has(domain) ? untagged.replace(/\./g, '') : untagged}@${canonicalDomain}`;
}
