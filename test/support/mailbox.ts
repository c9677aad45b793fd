import { COLLECTIONS } from '../../src/shared/firestorePaths';
import { caughtMailsAt } from '../../scripts/stack/mailCatcher';
import { ownerDb } from './emulatorAdmin';
import { sharedStackSettings } from '../../scripts/stack/testing/sharedStackSettings';

/** An email as the stack's mail catcher (MailDev) caught it, read through its REST API. */
export interface CaughtMail {
  id: string;
  subject: string;
  to: Array<{ address: string }>;
  from: Array<{ address: string; name: string }>;
  text: string;
  html: string;
  messageId: string;
}

const settings = sharedStackSettings();
const inbox = `http://${settings.HOST}:${settings.MAIL_CATCHER_WEB_PORT}`;

/** Every email caught so far. */
export function caughtMails(): Promise<CaughtMail[]> {
  return caughtMailsAt<CaughtMail>(inbox);
}

/** The emails whose subject names the order. */
export async function mailsAbout(orderId: string): Promise<CaughtMail[]> {
  return (await caughtMails()).filter((mail) => mail.subject.includes(orderId));
}

/** Waits until `accept` holds for the emails about the order (or the time is up), and answers them. */
export async function waitForMailsAbout(orderId: string, accept: (mails: CaughtMail[]) => boolean, timeoutMs = 15_000): Promise<CaughtMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsAbout(orderId);
    if (accept(mails) || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Waits until every email the store owes about the order has left its outbox (mail_outbox entries ending in the
 * order id, none still pending), so a count of caught emails taken afterwards has nothing more on its way,
 * however slow the dispatcher was on this machine.
 */
export async function waitForOutboxSent(orderId: string, timeoutMs = 30_000): Promise<void> {
  const outbox = ownerDb().collection(COLLECTIONS.mailOutbox);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const entries = (await outbox.where('orderId', '==', orderId).get()).docs.map((doc) => doc.data() as { status: string });
    if (entries.length > 0 && entries.every((entry) => entry.status === 'sent')) return;
    if (Date.now() > deadline) throw new Error(`Emails about ${orderId} still owed after ${timeoutMs} ms: ${JSON.stringify(entries)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
