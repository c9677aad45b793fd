import { STARTING_PACKS } from '../../shared/startingCatalogue';
import { parseSettings } from '../config/settings';
import { consentLinkOf } from '../protections/guardianConsent';
import { composeOwedMail } from '../jobs/owedMail';
import type { MailMessage } from './mailLayout';
import { silentLogger } from '../lib/logger';
import type { TransactionRecord } from '../orders/orderRules';
import { dispatchMailOnce, mailRetryDelay, MAX_MAIL_ATTEMPTS, type MailDeps } from './mailDispatcher';
import type { Mailer } from './mailer';
import type { MailOutbox, OutboxEntry } from './outbox';

const settings = parseSettings({});

/** The outbox in memory, with the same claim rule: pending and due, moved past a lease when claimed. */
function memoryOutbox(entries: OutboxEntry[]): MailOutbox & { entries: OutboxEntry[] } {
  return {
    entries,
    async claimDue(now, limit, leaseMs) {
      const due = entries.filter((entry) => entry.status === 'pending' && entry.nextAttemptAt <= now).slice(0, limit);
      for (const entry of due) Object.assign(entry, { nextAttemptAt: now + leaseMs, leaseUntil: now + leaseMs });
      return due.map((entry) => ({ ...entry }));
    },
    // An address an entry carries is forgotten once it is sent or given up, as Firestore's outbox does.
    async markSent(id, at) {
      Object.assign(entries.find((entry) => entry.id === id)!, { status: 'sent', sentAt: at, leaseUntil: 0, to: undefined });
    },
    async markSkipped(id, at, reason) {
      Object.assign(entries.find((entry) => entry.id === id)!, { status: 'skipped', sentAt: at, leaseUntil: 0, lastError: reason, to: undefined });
    },
    async markAttemptFailed(id, { attempts, nextAttemptAt, failed, error }) {
      Object.assign(entries.find((entry) => entry.id === id)!, { attempts, nextAttemptAt, leaseUntil: 0, lastError: error, ...(failed ? { status: 'failed', to: undefined } : {}) });
    },
    async countUnsent() {
      return entries.filter((entry) => entry.status !== 'sent').length;
    },
  };
}

const owed = (orderId: string, attempts = 0): OutboxEntry => ({
  id: `receipt-${orderId}`,
  kind: 'receipt',
  orderId,
  status: 'pending',
  createdAt: 1,
  nextAttemptAt: 1,
  leaseUntil: 0,
  attempts,
});

const order = (orderId: string) =>
  ({ order_id: orderId, email: 'aria@wyrmcrown.example', product_name: 'Tiny of Gem', gemCount: 1000, amount: '15.99', status: 'paid', checked: 1, userId: 'u-1', createdAt: 1, updatedAt: 2, paidAt: 2 }) as TransactionRecord;

function setup(entries: OutboxEntry[], send: Mailer['send']) {
  const outbox = memoryOutbox(entries);
  const sent: string[] = [];
  const deps: MailDeps = {
    settings,
    outbox,
    mailer: {
      async send(id, message) {
        await send(id, message);
        sent.push(`${id} → ${message.to}`);
      },
    },
    // The store's own composer, over sources in memory.
    compose: composeOwedMail({
      settings,
      factsFor: async (orderId) => (orderId === 'WCGONE0000000000' ? null : { order: order(orderId), refund: null, accountEmail: 'aria@wyrmcrown.example' }),
      consentRequestFor: async (requestId) =>
        requestId === 'consent-request-0001'
          ? { requestId, uid: 'u-young', playerEmail: 'young@wyrmcrown.example', guardianEmail: 'parent@example.com', createdAt: 1, expiresAt: 2, usedAt: null }
          : null,
      shelf: () => STARTING_PACKS,
      passwordResetFor: async (requestId) => (requestId === 'reset-known' ? { to: 'aria@wyrmcrown.example', subject: 'Reset', text: 'link', html: 'link' } : { noMail: 'no account has this address' }),
    }),
    log: silentLogger,
  };
  return { deps, outbox, sent };
}

describe('dispatchMailOnce', () => {
  it('writes a deleted account’s email to the address its entry alone kept, then forgets it', async () => {
    const entry: OutboxEntry = { ...owed('deletion-u-1'), id: 'accountDeleted-deletion-u-1', kind: 'accountDeleted', to: 'aria@wyrmcrown.example' };
    const messages: MailMessage[] = [];
    const { deps, sent, outbox } = setup([entry], async (_id, message) => void messages.push(message));
    expect(await dispatchMailOnce(deps, 10)).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(sent).toEqual(['accountDeleted-deletion-u-1 → aria@wyrmcrown.example']);
    expect(messages[0]!.subject).toMatch(/account was deleted/);
    expect(outbox.entries[0]).toMatchObject({ status: 'sent', to: undefined });
  });

  it("writes a guardian's consent email from the request, with a link signed anew, to the guardian only", async () => {
    const entry: OutboxEntry = { ...owed('consent-request-0001'), id: 'guardianConsent-consent-request-0001', kind: 'guardianConsent' };
    const messages: MailMessage[] = [];
    const { deps, sent } = setup([entry], async (_id, message) => void messages.push(message));
    expect(await dispatchMailOnce(deps, 10)).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(sent).toEqual(['guardianConsent-consent-request-0001 → parent@example.com']);
    expect(messages[0]!.text).toContain('young@wyrmcrown.example');
    expect(messages[0]!.text).toContain(consentLinkOf(settings, { requestId: 'consent-request-0001', expiresAt: 2 }));
  });

  it('owes nothing for a reset asked for an address with no account: kept as skipped, never sent or tried again', async () => {
    const known: OutboxEntry = { ...owed('reset-known'), id: 'passwordReset-reset-known', kind: 'passwordReset' };
    const unknown: OutboxEntry = { ...owed('reset-unknown'), id: 'passwordReset-reset-unknown', kind: 'passwordReset' };
    const { deps, outbox, sent } = setup([known, unknown], async () => undefined);
    expect(await dispatchMailOnce(deps, 10)).toEqual({ claimed: 2, sent: 2, failed: 0 });
    expect(sent).toEqual(['passwordReset-reset-known → aria@wyrmcrown.example']);
    expect(outbox.entries.map((entry) => entry.status)).toEqual(['sent', 'skipped']);
    expect(await dispatchMailOnce(deps, 10_000_000)).toEqual({ claimed: 0, sent: 0, failed: 0 });
  });

  it('sends each owed email once, with its entry id, and marks it sent', async () => {
    const { deps, outbox, sent } = setup([owed('WCA0000000000000'), owed('WCB0000000000000')], async () => undefined);
    expect(await dispatchMailOnce(deps, 10)).toEqual({ claimed: 2, sent: 2, failed: 0 });
    expect(sent).toEqual(['receipt-WCA0000000000000 → aria@wyrmcrown.example', 'receipt-WCB0000000000000 → aria@wyrmcrown.example']);
    expect(outbox.entries.map((entry) => entry.status)).toEqual(['sent', 'sent']);
    expect(await dispatchMailOnce(deps, 10_000_000)).toEqual({ claimed: 0, sent: 0, failed: 0 });
  });

  it('tries a failed send again later, with backoff, and gives up after the last attempt', async () => {
    const { deps, outbox } = setup([owed('WCA0000000000000'), owed('WCB0000000000000', MAX_MAIL_ATTEMPTS - 1)], async () => {
      throw new Error('SMTP 421 try later');
    });
    const before = Date.now();
    expect(await dispatchMailOnce(deps, 10)).toEqual({ claimed: 2, sent: 0, failed: 2 });
    const [first, last] = outbox.entries;
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP 421 try later' });
    expect(first!.nextAttemptAt).toBeGreaterThanOrEqual(before + mailRetryDelay(1));
    expect(last).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS });
  });

  it('does not send what cannot be written, and keeps it for an operator', async () => {
    const { deps, outbox, sent } = setup([owed('WCGONE0000000000', MAX_MAIL_ATTEMPTS - 1)], async () => undefined);
    await dispatchMailOnce(deps, 10);
    expect(sent).toEqual([]);
    expect(outbox.entries[0]).toMatchObject({ status: 'failed', lastError: 'nothing to write a receipt email from' });
  });
});

describe('mailRetryDelay', () => {
  it('waits 30 s, doubling, at most an hour', () => {
    expect([1, 2, 3, 8, 20].map(mailRetryDelay)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });
});
