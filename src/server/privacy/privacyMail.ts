import { TAX_RECORDS_KEPT_YEARS } from '../../shared/privacy/privacy';
import { publicBaseUrl, type Settings } from '../config/settings';
import { layout, type MailMessage } from '../mail/mailLayout';

/** The email that tells a player their account was deleted, to the address their request kept until it was sent. */
export function accountDeletedMail(settings: Settings, to: string): MailMessage {
  return {
    to,
    subject: `Your ${settings.GAME_NAME} store account was deleted`,
    ...layout(
      settings,
      'Your account was deleted',
      [
        `As you asked, we deleted your ${settings.GAME_NAME} store account and what we held about you, and told the game. You are signed out everywhere, and this address is no longer kept with any account.`,
        `The law has us keep your orders and their tax invoices, with the name and address on them, for ${TAX_RECORDS_KEPT_YEARS} years; then they go too.`,
        `If you did not ask for this, write to ${settings.SUPPORT_EMAIL} at once.`,
      ],
      null,
      { label: 'The store', url: publicBaseUrl(settings) },
    ),
  };
}
