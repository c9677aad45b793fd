import { samplePaymentDetails } from '../../../test/fixtures/samples';
import { memoryPayments } from '../../../test/support/memory/memoryPayments';
import type { Offer } from '../../shared/offers/offer';
import { experimentOf, HOLDOUT_ARM } from '../../shared/offers/experiment';
import { armOf } from './armAssignment';
import { STARTING_PACKS } from '../../shared/startingCatalogue';
import { parseSettings } from '../config/settings';
import { checkWithProvider } from '../provider/providerCheck';
import { startPayment } from '../payments/startPayment';
import { shopOffers } from './offersService';

const settings = parseSettings({});
const pouch = STARTING_PACKS[2]!;
const DAY_MS = 86_400_000;
const DIRECT = { source: 'direct' as const, gameAccount: false };
const base = { public: true, active: true, startsAt: 0, endsAt: null, packIds: null, updatedAt: 0 } as const;

const lapsedOffer: Offer = { ...base, id: 'welcome-back', kind: 'timeBoxed', title: 'Welcome back', bonus: { unit: 'percent', amount: 20 }, audience: [{ rule: 'lapsed', days: 30 }] };
const experimentOffer: Offer = {
  ...base,
  id: 'dragon-bonus-test',
  kind: 'timeBoxed',
  title: 'Dragon bonus',
  bonus: { unit: 'percent', amount: 10 },
  experiment: { holdoutShare: 0.5, paused: false, arms: [{ id: 'ten-percent', weight: 1, bonus: { unit: 'percent', amount: 10 } }] },
};

function setup(offers: Offer[]) {
  const { deps, memory, provider } = payments();
  for (const offer of offers) memory.offers.set(offer.id, structuredClone(offer));
  const buy = (uid: string) => startPayment(deps, uid, { packId: pouch.id, details: samplePaymentDetails });
  const pay = async (orderId: string) => {
    provider.statuses.set(orderId, 'paid');
    return checkWithProvider(deps, orderId, 'check');
  };
  return { deps, memory, buy, pay };
}
const payments = () => memoryPayments(settings);

/** The first `count` uids the experiment places in `arm` (the place is a hash: the test looks for them rather than assuming). */
const uidsIn = (arm: string, count: number) => {
  const found: string[] = [];
  for (let i = 0; found.length < count; i += 1) if (armOf(experimentOf({ id: experimentOffer.id, experiment: experimentOffer.experiment! }), `player-${i}`) === arm) found.push(`player-${i}`);
  return found;
};
const uidIn = (arm: string) => uidsIn(arm, 1)[0]!;

describe('offers to an audience', () => {
  it('give a lapsed-player bonus to a player whose last payment is 40 days old, and not to one who paid yesterday', async () => {
    const { deps, memory, buy, pay } = setup([lapsedOffer]);
    for (const [uid, daysAgo] of [['lapsed', 40], ['recent', 1]] as const) {
      const { orderId } = await buy(uid);
      await pay(orderId);
      memory.records.get(orderId)!.paidAt = Date.now() - daysAgo * DAY_MS;
    }
    const lapsed = await shopOffers(deps, 'lapsed', DIRECT);
    expect(lapsed.offers).toEqual([expect.objectContaining({ id: 'welcome-back', audience: 'A bonus for players returning after a while' })]);
    expect((await shopOffers(deps, 'recent', DIRECT)).offers).toEqual([]);
    // A visitor, whose standing is unknown, sees no offer to an audience.
    expect((await shopOffers(deps, null, DIRECT)).offers).toEqual([]);
    const back = await buy('lapsed');
    expect(memory.records.get(back.orderId)!.offer).toMatchObject({ id: 'welcome-back', bonusGems: 700 });
    const again = await buy('recent');
    expect(memory.records.get(again.orderId)!.offer).toBeUndefined();
  });

  it('never reach a player under 18 or one who opted out: they get the default offer, and no arm', async () => {
    const { deps, memory, buy } = setup([experimentOffer]);
    const [young, optedOut] = uidsIn('ten-percent', 2) as [string, string];
    memory.described.set(young, { birthDate: '2011-05-01', guardianConsent: { at: 1, guardianEmail: 'parent@example.com' }, spendingLimit: { monthlyLimitCents: null, pending: null }, limitSetBy: 'guardian' });
    await deps.tailoring.setOptedOut(optedOut, true, Date.now());
    for (const uid of [young, optedOut]) {
      expect((await shopOffers(deps, uid, DIRECT)).offers).toEqual([]);
      const { orderId } = await buy(uid);
      expect(memory.records.get(orderId)!.experiments).toBeUndefined();
      expect(memory.records.get(orderId)!.offer).toBeUndefined();
    }
    expect(memory.tailoring.exposures.size).toBe(0);
  });
});

describe('an offer run as an experiment', () => {
  it('records the arm on every order, the holdout’s with no bonus, credits an arm’s bonus once, and counts each player’s first sight once', async () => {
    const { deps, memory, buy, pay } = setup([experimentOffer]);
    const inArm = uidIn('ten-percent');
    const heldOut = uidIn(HOLDOUT_ARM);
    await shopOffers(deps, inArm, DIRECT);
    await shopOffers(deps, inArm, DIRECT);
    const armOrder = await buy(inArm);
    const holdoutOrder = await buy(heldOut);
    expect(memory.records.get(armOrder.orderId)).toMatchObject({ experiments: [{ experimentId: experimentOffer.id, arm: 'ten-percent' }], offer: { id: experimentOffer.id, bonusGems: 350 } });
    expect(memory.records.get(holdoutOrder.orderId)!.experiments).toEqual([{ experimentId: experimentOffer.id, arm: HOLDOUT_ARM }]);
    expect(memory.records.get(holdoutOrder.orderId)!.offer).toBeUndefined();
    await pay(armOrder.orderId);
    await pay(armOrder.orderId);
    await pay(holdoutOrder.orderId);
    expect(memory.balances.get(inArm)).toBe(pouch.gemCount + 350);
    expect(memory.balances.get(heldOut)).toBe(pouch.gemCount);
    // Seen three times (twice on the shop, once at the order): exposed once; the holdout's first sight was its order.
    const exposed = memory.dayCounts.flatMap(({ day }) => Object.entries(day.experimentExposed ?? {}));
    expect(exposed).toEqual([[`${experimentOffer.id}~ten-percent`, 1], [`${experimentOffer.id}~${HOLDOUT_ARM}`, 1]]);
    const paid = memory.dayCounts.flatMap(({ day }) => Object.entries(day.experimentPaid ?? {}));
    expect(paid).toEqual([[`${experimentOffer.id}~ten-percent`, 1], [`${experimentOffer.id}~${HOLDOUT_ARM}`, 1]]);
  });

  it('paused, places nobody and gives nothing; an arm changes gems, never the price', async () => {
    const { memory, buy } = setup([{ ...experimentOffer, experiment: { ...experimentOffer.experiment!, paused: true } }]);
    const { orderId } = await buy(uidIn('ten-percent'));
    expect(memory.records.get(orderId)).toMatchObject({ amount: (pouch.priceCents / 100).toFixed(2) });
    expect(memory.records.get(orderId)!.experiments).toBeUndefined();
    expect(memory.records.get(orderId)!.offer).toBeUndefined();
  });
});
