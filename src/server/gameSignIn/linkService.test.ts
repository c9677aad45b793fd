import { memoryLinks } from '../../../test/support/memory/memoryLinks';
import { LINK_CODE_TTL_MS, LINK_REDEEM_WINDOW_MS } from '../../shared/gameSignIn/linkCode';
import { playerTagOf } from '../../shared/playerTag';
import type { ProtectionEvent } from '../../shared/protections/spendingLimit';
import { parseSettings } from '../config/settings';
import { HttpError } from '../http/errors';
import { silentLogger } from '../lib/logger';
import { linkMessages, startedOnOf, verifierHashOf } from './linkRules';
import { confirmLink, endStoreSessions, previewLink, redeemLink, startLink, type Caller, type LinkDeps } from './linkService';
import { memoryStoreSessions } from '../../../test/support/memory/memoryStoreSessions';
import type { LinkPurpose } from '../../shared/gameSignIn/linkSession';

const NOW = Date.UTC(2026, 10, 25, 1, 0);
const VERIFIER = 'v'.repeat(43);
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.200 Mobile Safari/537.36';

function setup() {
  const protectionEvents = new Map<string, ProtectionEvent[]>();
  const storeSessions = memoryStoreSessions();
  const links = memoryLinks({ protectionEvents }, storeSessions.records);
  const minted: Array<{ uid: string; sessionUid: string; personalData: boolean }> = [];
  const closed: string[] = [];
  const deps: LinkDeps = {
    settings: parseSettings({}),
    links: links.repository,
    storeSessions: storeSessions.repository,
    accounts: {
      accountOf: async (uid: string) => ({ uid, displayName: null, email: null }),
      customTokenFor: async ({ uid }, sessionUid, personalData) => {
        minted.push({ uid, sessionUid, personalData });
        return `token-for-${uid}`;
      },
      closeSessionAccounts: async (sessionUids) => void closed.push(...sessionUids),
    },
    log: silentLogger,
  };
  return { deps, links, protectionEvents, minted, storeSessions, closed };
}

/** A code asked for from a browser with this User-Agent, in this country, for this purpose, by this store session. */
const begin = (deps: LinkDeps, userAgent: string | undefined, country: string | null = null, purpose: LinkPurpose = 'signIn', caller: Caller = null) =>
  startLink(deps, { verifierHash: verifierHashOf(VERIFIER), purpose, userAgent, country, caller }, NOW);

async function refusal(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await promise.then(() => null, (thrown: unknown) => thrown);
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return [error.status, error.message];
}

describe('sign in with the game', () => {
  it('shows a code of 8 unmistakable characters as XXXX-XXXX, with the deep link that carries it, for 2 minutes', async () => {
    const { deps, links } = setup();
    const started = await begin(deps, ANDROID_CHROME);
    expect(started.code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(started.expiresInMs).toBe(LINK_CODE_TTL_MS);
    expect(started.gameLink).toBe(`wyrmcrown://store-link?code=${started.code}`);
    expect(links.sessions.get(started.sessionId)).toMatchObject({ state: 'waiting', startedOn: 'Chrome on Android', expiresAt: NOW + LINK_CODE_TTL_MS });
  });

  it('is confirmed once by the signed-in game, case and hyphen forgiven, and the browser with the verifier gets the account’s token', async () => {
    const { deps, links, protectionEvents, minted, storeSessions } = setup();
    const { sessionId, code } = await begin(deps, ANDROID_CHROME);
    // Before confirming, the game shows its player where and when it was started.
    await expect(previewLink(deps, code.toLowerCase(), NOW + 1000)).resolves.toEqual({ purpose: 'signIn', startedOn: 'Chrome on Android', startedAt: NOW, startedIn: null });
    await expect(confirmLink(deps, 'guest-uid', ` ${code.replace('-', '').toLowerCase()} `, NOW + 2000)).resolves.toEqual({ purpose: 'signIn', startedOn: 'Chrome on Android', startedAt: NOW, startedIn: null });
    expect(protectionEvents.get('guest-uid')).toEqual([{ at: NOW + 2000, type: 'signedInFromGame', by: 'player', startedOn: 'Chrome on Android' }]);
    expect([...links.tags.get(playerTagOf('guest-uid'))!]).toEqual(['guest-uid']);

    // Another browser, without the verifier, signs in nothing, and the session stays for its own browser.
    expect(await refusal(redeemLink(deps, sessionId, 'w'.repeat(43), NOW + 3000))).toEqual([403, linkMessages.wrongBrowser]);
    expect(minted).toEqual([]);
    await expect(redeemLink(deps, sessionId, VERIFIER, NOW + 4000)).resolves.toEqual({ customToken: 'token-for-guest-uid', account: { uid: 'guest-uid', displayName: null, email: null } });
    // A store session of its own, recorded with its end: STORE_SESSION_HOURS from now, not confirmed for personal data.
    const sessionUid = minted[0]!.sessionUid;
    expect(sessionUid).toMatch(/^ws_[A-Za-z0-9_-]{22}$/);
    expect(storeSessions.records.get(sessionUid!)).toMatchObject({ player: 'guest-uid', startedOn: 'Chrome on Android', expiresAt: NOW + 4000 + 72 * 3_600_000, personalData: false, endedAt: null });
    // The code works once: confirmed again, redeemed again, both refused.
    expect(await refusal(confirmLink(deps, 'other-uid', code, NOW + 5000))).toEqual([409, linkMessages.used]);
    expect(await refusal(redeemLink(deps, sessionId, VERIFIER, NOW + 5000))).toEqual([409, linkMessages.used]);
    expect(links.sessions.get(sessionId)).toMatchObject({ state: 'redeemed', uid: 'guest-uid' });
  });

  it('refuses a wrong, malformed or expired code and a session not confirmed or taken up too late, changing nothing', async () => {
    const { deps, links, protectionEvents } = setup();
    const { sessionId, code } = await begin(deps, undefined);
    expect(await refusal(confirmLink(deps, 'u', 'K7Q2-M4XD', NOW))).toEqual([404, linkMessages.unknown]);
    expect(await refusal(confirmLink(deps, 'u', 'K7Q2-M4X0', NOW))).toEqual([400, linkMessages.malformed]);
    expect(await refusal(confirmLink(deps, 'u', 'SHORT', NOW))).toEqual([400, linkMessages.malformed]);
    expect(await refusal(redeemLink(deps, sessionId, VERIFIER, NOW + 1))).toEqual([409, linkMessages.notConfirmed]);
    expect(await refusal(previewLink(deps, code, NOW + LINK_CODE_TTL_MS))).toEqual([410, linkMessages.expired]);
    expect(await refusal(confirmLink(deps, 'u', code, NOW + LINK_CODE_TTL_MS))).toEqual([410, linkMessages.expired]);
    expect(links.sessions.get(sessionId)).toMatchObject({ state: 'waiting', uid: null });
    expect(protectionEvents.size).toBe(0);

    const late = await begin(deps, undefined);
    await confirmLink(deps, 'u', late.code, NOW + 1000);
    expect(await refusal(redeemLink(deps, late.sessionId, VERIFIER, NOW + 1000 + LINK_REDEEM_WINDOW_MS))).toEqual([410, linkMessages.redeemExpired]);
    expect(await refusal(redeemLink(deps, 'no-such-session', VERIFIER, NOW))).toEqual([404, linkMessages.unknown]);
  });

  it('refuses a code shown in one country and confirmed from another, and names the country it was shown in', async () => {
    const { deps, links, protectionEvents } = setup();
    const { sessionId, code } = await begin(deps, ANDROID_CHROME, 'NZ');
    await expect(previewLink(deps, code, NOW + 1000, 'NZ')).resolves.toEqual({ purpose: 'signIn', startedOn: 'Chrome on Android', startedAt: NOW, startedIn: 'New Zealand' });
    expect(await refusal(previewLink(deps, code, NOW + 1000, 'AU'))).toEqual([403, linkMessages.elsewhere]);
    expect(await refusal(confirmLink(deps, 'player-uid', code, NOW + 2000, 'AU'))).toEqual([403, linkMessages.elsewhere]);
    expect(links.sessions.get(sessionId)).toMatchObject({ state: 'waiting', uid: null });
    expect(protectionEvents.size).toBe(0);
    // Where either end is unknown, nothing is decided by it; the same country confirms.
    await expect(confirmLink(deps, 'player-uid', code, NOW + 3000, null)).resolves.toMatchObject({ startedIn: 'New Zealand' });
  });

  it('a game account deleted or disabled since confirms nothing and signs no browser in', async () => {
    const { deps, links, minted } = setup();
    const gone = { ...deps, accounts: { ...deps.accounts, accountOf: async (uid: string) => (uid === 'gone-uid' ? null : { uid, displayName: null, email: null }) } };
    const first = await begin(gone, undefined);
    expect(await refusal(confirmLink(gone, 'gone-uid', first.code, NOW + 1000))).toEqual([403, linkMessages.accountGone]);
    expect(links.sessions.get(first.sessionId)).toMatchObject({ state: 'waiting' });
    // Confirmed while it stood, deleted before the browser took it up: no token.
    await confirmLink(deps, 'gone-uid', first.code, NOW + 2000);
    expect(await refusal(redeemLink(gone, first.sessionId, VERIFIER, NOW + 3000))).toEqual([403, linkMessages.accountGone]);
    expect(minted).toEqual([]);
  });

  it('names the browser and system a session was started on from fixed lists, or says it does not know', () => {
    expect(startedOnOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari on iOS');
    expect(startedOnOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36')).toMatch(/^Chrom\w* on Linux$/);
    expect(startedOnOf(undefined)).toBe('an unknown browser');
    expect(startedOnOf('curl/8.5.0')).toBe('an unknown browser');
    // A User-Agent is the starter's to write: none of its words reach the game's question.
    expect(startedOnOf('Wyrmcrown Official Gift Centre 2026')).toBe('an unknown browser');
    expect(startedOnOf('FreeGems/1.0 (Wyrmcrown Official Gift Centre 2026)')).toBe('an unknown browser');
    expect(startedOnOf('Mozilla/5.0 (Linux; Android 14) FreeGems/9.9 Official')).toBe('an unknown browser on Android');
  });

  it('a store session asks the game to confirm it for personal data: only its own game account confirms, only it takes it up, and its token says so', async () => {
    const { deps, minted, storeSessions, protectionEvents } = setup();
    const signIn = await begin(deps, ANDROID_CHROME);
    await confirmLink(deps, 'player-uid', signIn.code, NOW + 1000);
    await redeemLink(deps, signIn.sessionId, VERIFIER, NOW + 2000);
    const caller: Caller = { sessionUid: minted[0]!.sessionUid, personalData: false, player: 'player-uid' };
    // The game account's own sign-in has nothing to confirm.
    expect(await refusal(begin(deps, ANDROID_CHROME, null, 'personalData', null))).toEqual([403, linkMessages.notStoreSession]);
    const asked = await begin(deps, ANDROID_CHROME, null, 'personalData', caller);
    await expect(previewLink(deps, asked.code, NOW + 3000)).resolves.toMatchObject({ purpose: 'personalData' });
    expect(await refusal(confirmLink(deps, 'someone-else', asked.code, NOW + 3000))).toEqual([403, linkMessages.otherAccount]);
    await confirmLink(deps, 'player-uid', asked.code, NOW + 4000);
    // Not a sign-in: no history line for it.
    expect(protectionEvents.get('player-uid')).toHaveLength(1);
    // Another browser, signed in or not, takes nothing up.
    expect(await refusal(redeemLink(deps, asked.sessionId, VERIFIER, NOW + 5000))).toEqual([403, linkMessages.wrongBrowser]);
    expect(await refusal(redeemLink(deps, asked.sessionId, VERIFIER, NOW + 5000, { ...caller, sessionUid: 'ws_anotherbrowser0000000' }))).toEqual([403, linkMessages.wrongBrowser]);
    await expect(redeemLink(deps, asked.sessionId, VERIFIER, NOW + 5000, caller)).resolves.toMatchObject({ customToken: 'token-for-player-uid' });
    expect(minted.at(-1)).toEqual({ uid: 'player-uid', sessionUid: caller.sessionUid, personalData: true });
    expect(storeSessions.records.get(caller.sessionUid)).toMatchObject({ personalData: true, personalDataAt: NOW + 5000 });
  });

  it('ends a game account’s store sessions, one or all, and closes their accounts; an ended session is confirmed for nothing', async () => {
    const { deps, minted, storeSessions, closed } = setup();
    for (const at of [0, 10]) {
      const { sessionId, code } = await begin(deps, ANDROID_CHROME);
      await confirmLink(deps, 'player-uid', code, NOW + at);
      await redeemLink(deps, sessionId, VERIFIER, NOW + at + 1);
    }
    const [first, second] = minted.map((token) => token.sessionUid);
    await expect(endStoreSessions(deps, 'someone-else', first!, 'game', NOW + 100)).resolves.toEqual([]);
    await expect(endStoreSessions(deps, 'player-uid', first!, 'game', NOW + 100)).resolves.toEqual([first]);
    expect(storeSessions.records.get(first!)).toMatchObject({ endedAt: NOW + 100, endedBy: 'game' });
    expect(storeSessions.records.get(second!)).toMatchObject({ endedAt: null });
    await expect(endStoreSessions(deps, 'player-uid', null, 'game', NOW + 200)).resolves.toEqual([second]);
    expect(closed).toEqual([first, second]);
    const asked = await begin(deps, ANDROID_CHROME, null, 'personalData', { sessionUid: first!, personalData: false, player: 'player-uid' });
    await confirmLink(deps, 'player-uid', asked.code, NOW + 300);
    expect(await refusal(redeemLink(deps, asked.sessionId, VERIFIER, NOW + 400, { sessionUid: first!, personalData: false, player: 'player-uid' }))).toEqual([401, linkMessages.sessionEnded]);
  });
});
