import nodemailer from 'nodemailer';
import { publicBaseUrl, smtpUrl, type Settings } from '../config/settings';
import type { MailMessage } from './mailLayout';

export interface Mailer {
  /** Sends one email; `id` makes its Message-ID, so a resend after a crash is recognisably the same email. */
  send(id: string, message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer, to SMTP_URL or the local mail catcher, from MAIL_FROM. */
export function createMailer(settings: Settings): Mailer {
  const url = new URL(smtpUrl(settings));
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const domain = new URL(publicBaseUrl(settings)).hostname;
  return {
    async send(id, message) {
      await transport.sendMail({ from: settings.MAIL_FROM, messageId: `<${id}@${domain}>`, ...message });
    },
  };
}
