import crypto from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { resetPasswordPath } from '../../shared/routes';
import { publicBaseUrl, type Settings } from '../config/settings';
import { HttpError } from '../http/errors';
import type { Logger } from '../lib/logger';
import { layout, type MailMessage } from '../mail/mailLayout';
import { enqueueMail, type NoMail } from '../mail/outbox';

/** How long Firebase Auth keeps a reset code valid; the email says so. */
export const RESET_LINK_VALID_FOR = '1 hour';

/** A reset request is kept this long (for its email to be written), then Firestore's TTL policy deletes it. */
export const RESET_REQUEST_KEEP_MS = 24 * 3_600_000;
export const RESET_REQUEST_EXPIRY_FIELD = 'expireAt';

export const passwordResetMessages = {
  notSent: 'We could not send the email just now. Please try again in a few minutes.',
} as const;

/** password_reset_requests/{id}: an address a reset email was asked for. The link is made when the email is written, never stored. */
export interface PasswordResetRequest {
  email: string;
  createdAt: number;
}

/** Where reset requests are kept. Firestore in the store; a map in unit tests. */
export interface PasswordResetRequests {
  /** Records the request and owes its email (the outbox's passwordReset), in one commit. */
  request(email: string, at: number): Promise<void>;
  find(requestId: string): Promise<PasswordResetRequest | null>;
}

export function firestorePasswordResetRequests(db: Firestore): PasswordResetRequests {
  const requests = db.collection(COLLECTIONS.passwordResetRequests);
  return {
    async request(email, at) {
      const ref = requests.doc(crypto.randomBytes(12).toString('base64url'));
      const batch = db.batch();
      batch.create(ref, { email, createdAt: at, [RESET_REQUEST_EXPIRY_FIELD]: Timestamp.fromMillis(at + RESET_REQUEST_KEEP_MS) });
      enqueueMail(db, batch, 'passwordReset', ref.id, at);
      await batch.commit();
    },
    async find(requestId) {
      return ((await requests.doc(requestId).get()).data() as PasswordResetRequest | undefined) ?? null;
    },
  };
}

export interface PasswordResetDeps {
  resetRequests: PasswordResetRequests;
  log: Logger;
}

/**
 * POST /api/account/password-reset: owes the address a reset email and answers at once, the same whether or not
 * it has an account: the answer never waits for Firebase Auth or the mail, so neither its words nor its time tell
 * who has one. The outbox's dispatcher writes the email (or, with no account, nothing).
 */
export async function requestPasswordReset(deps: PasswordResetDeps, email: string): Promise<void> {
  try {
    await deps.resetRequests.request(email, Date.now());
  } catch (error) {
    deps.log.error({ event: 'passwordReset.notOwed', reason: (error as Error).message });
    throw new HttpError(503, passwordResetMessages.notSent);
  }
}

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
 * The email a reset request owes, written as it is sent: a fresh link from Firebase Auth (a credential, so never
 * stored), or nothing for an address with no account. A failure of Firebase Auth throws: the outbox tries again.
 */
export async function passwordResetMailFor(
  settings: Settings,
  auth: Pick<Auth, 'generatePasswordResetLink'>,
  request: PasswordResetRequest,
): Promise<MailMessage | NoMail> {
  try {
    return passwordResetMail(settings, request.email, storeResetLink(settings, await auth.generatePasswordResetLink(request.email)));
  } catch (error) {
    if (isUnknownAccount(error)) return { noMail: 'no account has this address' };
    throw error;
  }
}
