import { randomUUID } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import { resetPasswordPath } from '../../shared/routes';
import { publicBaseUrl, type Settings } from '../config/settings';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import { layout, type MailMessage } from '../mail/mailLayout';
import type { Mailer } from '../mail/mailer';

export interface PasswordResetDeps {
  settings: Settings;
  auth: Pick<Auth, 'generatePasswordResetLink'>;
  mailer: Mailer;
  log: Logger;
}

/** How long Firebase Auth keeps a reset code valid; the email says so. */
export const RESET_LINK_VALID_FOR = '1 hour';

export const passwordResetMessages = {
  notSent: 'We could not send the email just now. Please try again in a few minutes.',
} as const;

/** Firebase Auth's link carries the one-time code; the store's own page (not Firebase's) redeems it. */
export function storeResetLink(settings: Settings, firebaseLink: string): string {
  const code = new URL(firebaseLink).searchParams.get('oobCode');
  if (!code) throw new Error('Firebase Auth returned a reset link without a code');
  return `${publicBaseUrl(settings)}${resetPasswordPath(code)}`;
}

export function passwordResetMail(settings: Settings, email: string, link: string): MailMessage {
  const heading = `Choose a new password for the ${settings.GAME_NAME} store`;
  return {
    to: email,
    subject: `Reset your ${settings.GAME_NAME} store password`,
    ...layout(
      settings,
      heading,
      [
        `Someone, hopefully you, asked to reset the password of the ${settings.GAME_NAME} store account for ${email}.`,
        `The link below works once, for ${RESET_LINK_VALID_FOR}. If you did not ask, ignore this email: your password stays as it is.`,
      ],
      null,
      { label: 'Choose a new password', url: link },
    ),
  };
}

const isUnknownAccount = (error: unknown) => {
  const code = (error as { code?: unknown })?.code;
  return code === 'auth/user-not-found' || code === 'auth/email-not-found';
};

/**
 * Emails the account a link to the store's reset page, through the store's mailer (the mail catcher
 * locally). An email with no account gets nothing and the same answer, so the answer never tells who has an
 * account. The link is sent at once and never stored: it is a credential.
 */
export async function sendPasswordReset(deps: PasswordResetDeps, email: string): Promise<void> {
  let firebaseLink: string;
  try {
    firebaseLink = await deps.auth.generatePasswordResetLink(email);
  } catch (error) {
    if (isUnknownAccount(error)) return;
    deps.log.error({ event: 'passwordReset.linkFailed', reason: (error as Error).message });
    throw new HttpError(503, passwordResetMessages.notSent);
  }
  try {
    await deps.mailer.send(`password-reset-${randomUUID()}`, passwordResetMail(deps.settings, email, storeResetLink(deps.settings, firebaseLink)));
  } catch (error) {
    deps.log.error({ event: 'passwordReset.mailFailed', reason: (error as Error).message });
    throw new HttpError(503, passwordResetMessages.notSent);
  }
  deps.log.info({ event: 'passwordReset.sent' });
}
