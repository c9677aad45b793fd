import { alteredSignature } from '../../../test/support/alteredSignature';
import { memoryStore } from '../../../test/support/memory/memoryStore';
import { parseSettings } from '../config/settings';
import { HttpError } from '../http/errors';
import { silentLogger } from '../logger';
import { checkConsentLink, CONSENT_LINK_TTL_MS, consentLinkOf, consentMessages } from './guardianConsent';
import { consentPageFacts, giveConsent, requestGuardianConsent } from './consentService';
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
});
