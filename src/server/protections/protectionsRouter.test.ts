import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Auth } from 'firebase-admin/auth';
import { memoryApiDeps } from '../../../test/support/memory/memoryApiDeps';
import { memoryStore } from '../../../test/support/memory/memoryStore';
import { API_BASE, API_ROUTES } from '../../shared/api';
import { createApp } from '../app';
import { parseSettings } from '../config/settings';
import { CONSENT_REQUESTS_PER_PLAYER } from './protectionsRouter';

/** A player's ID token here is their uid, and their account's email is uid@x.example. */
const auth = { verifyIdToken: async (token: string) => ({ uid: token, email: `${token}@x.example` }) } as unknown as Auth;

describe('asking a guardian for consent', () => {
  it('counts only the requests that sent an email toward the hourly limit: refused ones never lock the player out', async () => {
    const settings = parseSettings({});
    const memory = memoryStore();
    const deps = memoryApiDeps(settings, memory);
    await memory.protections.recordBirthDate('kid', '2016-05-01', Date.now());
    const server: Server = createApp({ settings, payments: { deps, auth } }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const ask = async (guardianEmail: string) =>
      (
        await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${API_BASE}${API_ROUTES.guardianConsentRequest}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: 'Bearer kid' },
          body: JSON.stringify({ guardianEmail }),
        })
      ).status;
    try {
      // Two mistakes (the player's own address in other forms) are refused, and count for nothing.
      expect([await ask('kid+mum@x.example'), await ask('KID@x.example')]).toEqual([400, 400]);
      const sent = [];
      for (let i = 0; i < CONSENT_REQUESTS_PER_PLAYER.limit; i += 1) sent.push(await ask(`guardian-${i}@x.example`));
      expect(sent).toEqual(Array(CONSENT_REQUESTS_PER_PLAYER.limit).fill(200));
      expect(await ask('one-more@x.example')).toBe(429);
      expect(memory.mail.filter((mail) => mail.kind === 'guardianConsent')).toHaveLength(CONSENT_REQUESTS_PER_PLAYER.limit);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
