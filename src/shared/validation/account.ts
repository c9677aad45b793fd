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
