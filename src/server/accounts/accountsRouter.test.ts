import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_BASE, API_ROUTES } from '../../shared/api';
import { RESET_CODE_PARAM, ROUTES } from '../../shared/routes';
import { createApp } from '../app';
import { parseSettings, publicBaseUrl } from '../config/settings';
import { silentLogger } from '../lib/logger';
import type { MailMessage } from '../mail/mailLayout';
import { passwordResetMailFor, passwordResetMessages, type PasswordResetRequests } from './passwordReset';
import { RESET_EMAILS_PER_ADDRESS } from './accountsRouter';

const settings = parseSettings({});
const KNOWN = 'king@wyrmcrown.example';

/** Firebase Auth as far as resets go: a link with a fresh code for a known account (any case), user-not-found otherwise. */
function fakeAuth(failure: Error | null = null) {
  let issued = 0;
  return {
    generatePasswordResetLink: async (email: string) => {
      if (failure) throw failure;
      if (email.toLowerCase() !== KNOWN) throw Object.assign(new Error('no user'), { code: 'auth/user-not-found' });
      issued += 1;
      return `http://127.0.0.1:9099/emulator/action?mode=resetPassword&lang=en&oobCode=code-${issued}&apiKey=fake`;
    },
  };
}

/** The store's reset requests in memory; `failing` makes recording one fail, as an unreachable Firestore would. */
function memoryResetRequests(failing = false) {
  const owed: Array<{ id: string; email: string; createdAt: number }> = [];
  const requests: PasswordResetRequests = {
    async request(email, at) {
      if (failing) throw new Error('Firestore unavailable');
      owed.push({ id: `reset-${owed.length + 1}`, email, createdAt: at });
    },
    async find(requestId) {
      return owed.find((request) => request.id === requestId) ?? null;
    },
  };
  return { requests, owed };
}

async function serve({ auth = fakeAuth(), failing = false } = {}) {
  const { requests, owed } = memoryResetRequests(failing);
  const server: Server = createApp({ settings, accounts: { resetRequests: requests, log: silentLogger } }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${API_BASE}${API_ROUTES.passwordReset}`;
  const ask = (body: unknown) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  /** The emails the owed requests make when the outbox writes them (an address with no account makes none). */
  const written = async () => {
    const mails = await Promise.all(owed.map((request) => passwordResetMailFor(settings, auth, request)));
    return mails.filter((mail): mail is MailMessage => !('noMail' in mail));
  };
  return { owed, written, ask, close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }) };
}

describe('POST /api/account/password-reset', () => {
  it("owes a known account an email with a link to the store's own page carrying Firebase's one-time code", async () => {
    const { written, ask, close } = await serve();
    const response = await ask({ email: ` ${KNOWN} ` });
    expect(response.status).toBe(202);
    const sent = await written();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(KNOWN);
    expect(sent[0]!.subject).toBe('Reset your Wyrmcrown store password');
    const link = `${publicBaseUrl(settings)}${ROUTES.resetPassword}?${RESET_CODE_PARAM}=code-1`;
    expect(sent[0]!.text).toContain(link);
    expect(sent[0]!.html).toContain(`href="${link}"`);
    expect(sent[0]!.text).not.toContain('9099');
    await close();
  });

  it('answers an email with no account the same, by the same path, and its email is written as nothing', async () => {
    const { owed, written, ask, close } = await serve();
    const response = await ask({ email: 'nobody@wyrmcrown.example' });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({});
    // Owed like any other, so the answer took the same work: only writing it finds there is no account.
    expect(owed).toHaveLength(1);
    expect(await written()).toEqual([]);
    await close();
  });

  it('refuses a malformed email with the form’s own message, and owes nothing', async () => {
    const { owed, ask, close } = await serve();
    const response = await ask({ email: 'not-an-email' });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('email: Enter a valid email address, like name@example.com.');
    expect(owed).toEqual([]);
    await close();
  });

  it('owes one address at most its limit of emails in the window', async () => {
    const { owed, ask, close } = await serve();
    const statuses: number[] = [];
    for (let i = 0; i <= RESET_EMAILS_PER_ADDRESS.limit; i += 1) statuses.push((await ask({ email: i % 2 ? KNOWN.toUpperCase() : KNOWN })).status);
    expect(statuses).toEqual([...Array<number>(RESET_EMAILS_PER_ADDRESS.limit).fill(202), 429]);
    expect(owed).toHaveLength(RESET_EMAILS_PER_ADDRESS.limit);
    await close();
  });

  it('says plainly when the request cannot be recorded, so the player can try again; Firebase Auth failing later is the outbox’s to retry', async () => {
    const failing = await serve({ failing: true });
    const response = await failing.ask({ email: KNOWN });
    expect(response.status).toBe(503);
    expect((await response.json()).error).toBe(passwordResetMessages.notSent);
    await failing.close();
    await expect(passwordResetMailFor(settings, fakeAuth(new Error('Auth down')), { email: KNOWN, createdAt: 1 })).rejects.toThrow('Auth down');
  });
});
