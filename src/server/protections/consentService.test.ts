import { alteredSignature } from '../../../test/support/alteredSignature';
import { playerTagOf } from '../../shared/playerTag';
import { memoryStore } from '../../../test/support/memory/memoryStore';
import { parseSettings } from '../config/settings';
import { HttpError } from '../http/errors';
import { silentLogger } from '../lib/logger';
import { checkConsentLink, CONSENT_LINK_TTL_MS, consentLinkOf, consentMessages } from './guardianConsent';
import { CONSENT_EMAILS_PER_ADDRESS_PER_DAY, consentPageFacts, consentServiceMessages, giveConsent, requestGuardianConsent } from './consentService';
import { changeSpendingLimit, recordBirthDate } from './limitsService';

const settings = parseSettings({});
const NOW = Date.UTC(2026, 10, 23, 6, 0);

function setup() {
  const memory = memoryStore();
  const deps = { settings, ...memory.repositories, protections: memory.protections, log: silentLogger };
  return { deps, memory };
}

const linkParts = (url: string) => {
  const query = new URL(url).searchParams;
  return { request: query.get('request')!, expires: query.get('expires')!, signature: query.get('signature')! };
};

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(() => null, (thrown: unknown) => thrown);
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

describe("a guardian's consent", () => {
  it('is asked by a player under 13 only, of someone else, and owes the guardian one email', async () => {
    const { deps, memory } = setup();
    await recordBirthDate(deps, 'u-young', '2016-05-01', NOW);
    expect((await refusal(requestGuardianConsent(deps, 'u-young', 'young@x.example', 'YOUNG@x.example', NOW))).status).toBe(400);
    const view = await requestGuardianConsent(deps, 'u-young', 'young@x.example', 'parent@x.example', NOW);
    expect(view.purchaseBlock).toBe('guardianConsentNeeded');
    expect(memory.mail.filter((mail) => mail.kind === 'guardianConsent')).toHaveLength(1);
    // An adult needs no consent.
    expect((await refusal(requestGuardianConsent(deps, 'u-adult', 'adult@x.example', 'parent@x.example', NOW))).status).toBe(409);
  });

  it('is given once through a signed link in time; a forged, expired or used link changes nothing', async () => {
    const { deps, memory } = setup();
    await recordBirthDate(deps, 'u-young', '2016-05-01', NOW);
    await requestGuardianConsent(deps, 'u-young', 'young@x.example', 'parent@x.example', NOW);
    const requestId = memory.mail.find((mail) => mail.kind === 'guardianConsent')!.orderId;
    const link = linkParts(consentLinkOf(settings, { requestId, expiresAt: NOW + CONSENT_LINK_TTL_MS }));

    expect(checkConsentLink(settings, { ...link, signature: alteredSignature(link.signature) }, NOW)).toEqual({ refused: 'forged' });
    expect(checkConsentLink(settings, { ...link, expires: String(NOW + CONSENT_LINK_TTL_MS + 1) }, NOW)).toEqual({ refused: 'forged' });
    expect(checkConsentLink(settings, link, NOW + CONSENT_LINK_TTL_MS)).toEqual({ refused: 'expired' });
    expect((await refusal(giveConsent(deps, link, null, NOW + CONSENT_LINK_TTL_MS))).message).toBe(consentMessages.expired);

    expect(await consentPageFacts(deps, link, NOW + 1)).toMatchObject({ playerEmail: 'young@x.example', guardianEmail: 'parent@x.example' });
    await giveConsent(deps, link, 3000, NOW + 2);
    const protections = await memory.protections.protectionsOf('u-young', NOW + 3);
    expect(protections).toMatchObject({ guardianConsent: { at: NOW + 2, guardianEmail: 'parent@x.example' }, limitSetBy: 'guardian', spendingLimit: { monthlyLimitCents: 3000 } });
    expect((await refusal(giveConsent(deps, link, null, NOW + 4))).message).toBe(consentMessages.used);
    // The guardian's limit is theirs: the player cannot raise or remove it.
    expect((await refusal(changeSpendingLimit(deps, 'u-young', null, NOW + 5))).status).toBe(409);
    expect((await memory.protections.history('u-young')).map((event) => event.type)).toEqual(['limitChanged', 'guardianConsented', 'consentRequested', 'birthDateGiven']);
  });

  it('is never asked of the player’s own mailbox in another form: case, a +tag, or the dots Gmail ignores', async () => {
    const { deps, memory } = setup();
    await recordBirthDate(deps, 'u-young', '2016-05-01', NOW);
    for (const own of ['Kid+guardian@Example.com', 'kid+parent@example.com', 'KID@EXAMPLE.COM']) {
      expect([own, (await refusal(requestGuardianConsent(deps, 'u-young', 'kid@example.com', own, NOW))).message]).toEqual([own, consentServiceMessages.ownEmail]);
    }
    expect((await refusal(requestGuardianConsent(deps, 'u-young', 'young.kid@gmail.com', 'youngkid+mum@googlemail.com', NOW))).status).toBe(400);
    expect(memory.mail).toEqual([]);
    // Another person on the same provider is someone else.
    await requestGuardianConsent(deps, 'u-young', 'young.kid@gmail.com', 'young.kids.mum@gmail.com', NOW);
    expect(memory.mail).toHaveLength(1);
  });

  it('sends one address at most 3 consent emails a day from every account together, and nothing more', async () => {
    const { deps, memory } = setup();
    for (const uid of ['u-a', 'u-b', 'u-c', 'u-d']) await recordBirthDate(deps, uid, '2016-05-01', NOW);
    await requestGuardianConsent(deps, 'u-a', 'a@x.example', 'parent@x.example', NOW);
    await requestGuardianConsent(deps, 'u-b', 'b@x.example', 'Parent+b@x.example', NOW);
    await requestGuardianConsent(deps, 'u-c', 'c@x.example', 'parent@x.example', NOW);
    const fourth = await refusal(requestGuardianConsent(deps, 'u-d', 'd@x.example', 'PARENT@x.example', NOW));
    expect([fourth.status, fourth.message]).toEqual([429, consentServiceMessages.addressBusy]);
    expect(memory.mail).toHaveLength(CONSENT_EMAILS_PER_ADDRESS_PER_DAY);
    // The next day in the store's zone, the address may be asked again.
    await requestGuardianConsent(deps, 'u-d', 'd@x.example', 'parent@x.example', NOW + 86_400_000);
    expect(memory.mail).toHaveLength(CONSENT_EMAILS_PER_ADDRESS_PER_DAY + 1);
  });

  it('keeps a request’s expiry and its single use on the server: a link cannot outlive them', async () => {
    const { deps, memory } = setup();
    await recordBirthDate(deps, 'u-young', '2016-05-01', NOW);
    await requestGuardianConsent(deps, 'u-young', 'young@x.example', 'parent@x.example', NOW);
    const requestId = memory.mail.find((mail) => mail.kind === 'guardianConsent')!.orderId;
    const link = linkParts(consentLinkOf(settings, { requestId, expiresAt: NOW + CONSENT_LINK_TTL_MS }));
    // The stored request ends sooner than its link says (support cut it short, say): the request decides.
    memory.consentRequests.get(requestId)!.expiresAt = NOW + 10;
    expect((await refusal(consentPageFacts(deps, link, NOW + 20))).status).toBe(404);
    memory.consentRequests.get(requestId)!.expiresAt = NOW + CONSENT_LINK_TTL_MS;
    expect((await refusal(giveConsent(deps, link, null, NOW + CONSENT_LINK_TTL_MS))).message).toBe(consentMessages.expired);
  });

  it('once given, a new limit is asked of the guardian who consented only, by a link of its own, and the guardian is sent what they agreed to', async () => {
    const { deps, memory } = setup();
    await recordBirthDate(deps, 'u-young', '2016-05-01', NOW);
    await requestGuardianConsent(deps, 'u-young', 'young@x.example', 'parent@x.example', NOW);
    const first = memory.mail.find((mail) => mail.kind === 'guardianConsent')!.orderId;
    await giveConsent(deps, linkParts(consentLinkOf(settings, { requestId: first, expiresAt: NOW + CONSENT_LINK_TTL_MS })), 3000, NOW + 1);
    expect(memory.mail.filter((mail) => mail.kind === 'guardianConsentConfirmed').map((mail) => mail.orderId)).toEqual([first]);
    expect(memory.consentRequests.get(first)!.decision).toEqual({ monthlyLimitCents: 3000 });

    // Someone else's address changes nothing: the limit is the consenting guardian's.
    const other = await refusal(requestGuardianConsent(deps, 'u-young', 'young@x.example', 'friend@x.example', NOW + 2));
    expect([other.status, other.message]).toEqual([400, consentServiceMessages.otherGuardian('parent@x.example')]);
    await requestGuardianConsent(deps, 'u-young', 'young@x.example', 'Parent@x.example', NOW + 3);
    const change = memory.mail.filter((mail) => mail.kind === 'guardianConsent').map((mail) => mail.orderId).find((id) => id !== first)!;
    expect(memory.consentRequests.get(change)!.asked).toEqual({ consentGiven: true, monthlyLimitCents: 3000 });
    const link = linkParts(consentLinkOf(settings, { requestId: change, expiresAt: NOW + 3 + CONSENT_LINK_TTL_MS }));
    expect(await consentPageFacts(deps, link, NOW + 4)).toMatchObject({ limitChange: { monthlyLimitCents: 3000 } });

    // A raise by the guardian counts at once; the player's limit stays the guardian's.
    await giveConsent(deps, link, 5000, NOW + 5);
    expect(await memory.protections.protectionsOf('u-young', NOW + 6)).toMatchObject({ limitSetBy: 'guardian', spendingLimit: { monthlyLimitCents: 5000, pending: null } });
    expect(memory.mail.filter((mail) => mail.kind === 'guardianConsentConfirmed')).toHaveLength(2);
  });

  it('is asked again by a player who turned 13 while their guardian’s limit holds, to change it', async () => {
    const { deps, memory } = setup();
    await recordBirthDate(deps, 'u-young', '2013-11-24', NOW - 2 * 86_400_000);
    await requestGuardianConsent(deps, 'u-young', 'young@x.example', 'parent@x.example', NOW - 2 * 86_400_000);
    const first = memory.mail.find((mail) => mail.kind === 'guardianConsent')!.orderId;
    await giveConsent(deps, linkParts(consentLinkOf(settings, { requestId: first, expiresAt: NOW - 2 * 86_400_000 + CONSENT_LINK_TTL_MS })), 2000, NOW - 86_400_000);
    // Thirteen today: no consent needed to buy, but only the guardian changes their limit.
    await expect(requestGuardianConsent(deps, 'u-young', 'young@x.example', 'parent@x.example', NOW)).resolves.toMatchObject({ purchaseBlock: null, limitSetBy: 'guardian' });
  });

  it('is asked by a game’s guest account too, which has no email: the guardian reads the name and tag it goes by', async () => {
    const { deps, memory } = setup();
    await recordBirthDate(deps, 'u-guest', '2016-05-01', NOW);
    await requestGuardianConsent(deps, 'u-guest', undefined, 'parent@x.example', NOW);
    const requestId = memory.mail.find((mail) => mail.kind === 'guardianConsent')!.orderId;
    expect(memory.consentRequests.get(requestId)!.playerEmail).toBe(`Guest · #${playerTagOf('u-guest')}`);
  });
});
