import type { GemPack } from '../../shared/catalogue';
import type { Settings } from '../config/settings';
import type { MailMessage } from '../mail/mailLayout';
import { composeDisputeMail } from '../disputes/disputeMail';
import { isDisputeMail, type NoMail, type OutboxEntry } from '../mail/outbox';
import { composeOrderMail, type OrderMailFacts } from '../orders/orderMail';
import { accountDeletedMail } from '../privacy/privacyMail';
import { consentLinkOf, guardianConsentConfirmedMail, guardianConsentMail, type ConsentRequest } from '../protections/guardianConsent';

/** What the store's emails are written from, read as they stand when one is sent. */
export interface MailSources {
  settings: Settings;
  /** The order (and its refund request) an email is written from. */
  factsFor: (orderId: string) => Promise<OrderMailFacts | null>;
  /** The consent request a guardian's email is written from (its link is signed anew, never stored). */
  consentRequestFor: (requestId: string) => Promise<ConsentRequest | null>;
  /** The reset email a password reset request owes: a fresh link, or nothing for an address with no account. */
  passwordResetFor: (requestId: string) => Promise<MailMessage | NoMail | null>;
  /** The packs on the shelf now (a guardian's email gives their price range). */
  shelf: () => readonly GemPack[];
}

/**
 * Each kind of email the outbox can owe, written by the part of the store it is about: an order's by orders/, a dispute's by
 * disputes/, a guardian's consent request by protections/, a password reset by accounts/. The dispatcher (mail/) only claims,
 * sends and marks.
 */
export function composeOwedMail(sources: MailSources): (entry: OutboxEntry) => Promise<MailMessage | NoMail | null> {
  return async ({ kind, orderId, to }) => {
    if (kind === 'passwordReset') return sources.passwordResetFor(orderId);
    // The deleted account's address is kept only by its email's entry, until it is sent.
    if (kind === 'accountDeleted') return to ? accountDeletedMail(sources.settings, to) : { noMail: 'the deleted account left no address' };
    if (kind === 'guardianConsentConfirmed') {
      const request = await sources.consentRequestFor(orderId);
      return request && guardianConsentConfirmedMail(sources.settings, request, sources.shelf());
    }
    if (kind === 'guardianConsent') {
      const request = await sources.consentRequestFor(orderId);
      return request && guardianConsentMail(sources.settings, request, consentLinkOf(sources.settings, request), sources.shelf());
    }
    const facts = await sources.factsFor(orderId);
    if (isDisputeMail(kind)) return facts && composeDisputeMail(sources.settings, kind, facts);
    // A gift's recipient on a guest account of the game has no email: the game's event of the credit tells them.
    if (kind === 'giftReceived' && facts?.order.gift && !facts.recipientEmail) return { noMail: "the gift's recipient has no email" };
    return facts && composeOrderMail(sources.settings, kind, facts);
  };
}
