import { ambiguousTimeMessage } from '../../shared/validation/schedule';
import { wallTimeChoices, wallTimeFieldOf, wallTimeIn } from '../../shared/wallTime';
import { fakeGateway } from '../../../test/support/fakeGateway';
import { memoryOffers } from '../../../test/support/memory/memoryOffers';
import { memoryStore } from '../../../test/support/memory/memoryStore';
import { samplePaymentDetails } from '../../../test/fixtures/samples';
import { STARTING_PACKS } from '../../shared/startingCatalogue';
import { bonusGemsFor, FIRST_PURCHASE_OFFER_ID } from '../../shared/offers/offer';
import { offerFormSchema, type OfferFormData } from '../../shared/validation/offer';
import { parseSettings } from '../config/settings';
import { HttpError } from '../http/errors';
import { silentLogger } from '../lib/logger';
import { checkWithProvider } from '../provider/providerCheck';
import type { OrderDeps } from '../payments/paymentDeps';
import { cancelOrder } from '../payments/playerOrders';
import { startPayment } from '../payments/startPayment';
import { chooseOffer, promoCodeMessages } from './offerRules';
import { checkPromoCode, createOffer, endOffer, offerDetail, offerMessages, shopOffers, startFirstPurchase, updateOffer } from './offersService';

const settings = parseSettings({});
const pouch = STARTING_PACKS[2]!;

function setup() {
  const memory = memoryStore();
  const offers = memoryOffers(memory);
  const provider = fakeGateway();
  const deps: OrderDeps = { settings, ...memory.repositories, offers: offers.repository, gateway: provider.gateway, log: silentLogger };
  const buy = (uid: string, promoCode?: string, packId = pouch.id) => startPayment(deps, uid, { packId, details: samplePaymentDetails, ...(promoCode ? { promoCode } : {}) });
  const pay = async (orderId: string) => {
    provider.statuses.set(orderId, 'paid');
    return checkWithProvider(deps, orderId, 'check');
  };
  return { deps, memory, offers, provider, buy, pay };
}

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(() => null, (thrown: unknown) => thrown);
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

const codeForm = (overrides: Partial<OfferFormData> = {}): OfferFormData => ({
  kind: 'promoCode',
  title: 'Dragon Week',
  bonusUnit: 'gems',
  bonusAmount: '500',
  packId: '',
  startsAt: '2020-01-01T00:00',
  endsAt: '',
  code: 'dragon500',
  totalUses: '1',
  perPlayerUses: '1',
  ...overrides,
});

const DIRECT = { source: 'direct' as const, gameAccount: false };

describe('the bonus an offer adds', () => {
  it('is a percentage of the pack rounded down, or a fixed number, and nothing on a pack it is not for', () => {
    expect(bonusGemsFor({ bonus: { unit: 'percent', amount: 15 }, packIds: null }, { id: 2, gemCount: 1500 })).toBe(225);
    expect(bonusGemsFor({ bonus: { unit: 'percent', amount: 33 }, packIds: null }, { id: 1, gemCount: 1000 })).toBe(330);
    expect(bonusGemsFor({ bonus: { unit: 'percent', amount: 7 }, packIds: null }, { id: 9, gemCount: 999 })).toBe(69);
    expect(bonusGemsFor({ bonus: { unit: 'gems', amount: 500 }, packIds: [3] }, pouch)).toBe(500);
    expect(bonusGemsFor({ bonus: { unit: 'gems', amount: 500 }, packIds: [4] }, pouch)).toBe(0);
  });

  it('one offer per order: the largest running one the player may have', () => {
    const base = { public: true, active: true, startsAt: 0, endsAt: null, packIds: null, updatedAt: 0 };
    const offers = [
      { ...base, id: 'weekend', kind: 'timeBoxed' as const, title: 'Weekend', bonus: { unit: 'percent' as const, amount: 20 }, endsAt: 5_000 },
      { ...base, id: FIRST_PURCHASE_OFFER_ID, kind: 'firstPurchase' as const, title: 'First', bonus: { unit: 'percent' as const, amount: 100 } },
    ];
    const best = (now: number, firstPurchaseEligible: boolean) => chooseOffer(offers, pouch, now, { uid: 'u-1', firstPurchaseEligible, facts: null }).applied;
    expect(best(1_000, true)).toMatchObject({ id: FIRST_PURCHASE_OFFER_ID, bonusGems: 3500 });
    expect(best(1_000, false)).toMatchObject({ id: 'weekend', bonusGems: 700 });
    // Its real end: from then on, nothing.
    expect(best(5_000, false)).toBeNull();
  });
});

describe('the staff form', () => {
  const schema = offerFormSchema('Australia/Sydney');
  const issues = (form: OfferFormData) => (schema.safeParse(form).error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('refuses a negative or zero bonus, an end before the start, a promo code without a code, and a time-boxed bonus without an end', () => {
    expect(issues(codeForm())).toEqual([]);
    expect(issues(codeForm({ bonusAmount: '-5' }))).toEqual(['bonusAmount: The number of gems is a whole number from 1 to 100,000.']);
    expect(issues(codeForm({ bonusUnit: 'percent', bonusAmount: '0' }))).toEqual(['bonusAmount: The percentage is a whole number from 1 to 1,000.']);
    expect(issues(codeForm({ startsAt: '2026-12-01T09:00', endsAt: '2026-12-01T08:59' }))).toEqual(['endsAt: The end must come after the start.']);
    expect(issues(codeForm({ code: 'no spaces!' }))).toEqual(['code: A promo code is 3 to 32 letters, digits and dashes.']);
    expect(issues(codeForm({ kind: 'timeBoxed', code: '' }))).toEqual(['endsAt: A time-boxed bonus needs its real end.']);
    expect(issues(codeForm({ totalUses: '1.5' }))).toEqual(['totalUses: Total uses is a whole number from 1 to 1,000,000.']);
  });
});

describe('times in the store’s zone', () => {
  const issues = (form: OfferFormData) => (offerFormSchema('Australia/Sydney').safeParse(form).error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const gap = 'That time does not happen in Australia/Sydney: the clocks go forward an hour then. Choose another.';

  it('refuses a start or an end in the hour Sydney’s clocks skip (4 Oct 2026, 2:00 to 3:00), and takes the minutes around it', () => {
    expect(issues(codeForm({ startsAt: '2026-10-04T02:30' }))).toEqual([`startsAt: ${gap}`]);
    expect(issues(codeForm({ startsAt: '2026-10-01T09:00', endsAt: '2026-10-04T02:00' }))).toEqual([`endsAt: ${gap}`]);
    expect(issues(codeForm({ startsAt: '2026-10-04T01:59', endsAt: '2026-10-04T03:00' }))).toEqual([]);
  });

  it('asks which of the two times the clocks repeat (5 Apr 2026, 2:00 to 3:00) is meant, never guessing, and takes either once said', () => {
    expect(issues(codeForm({ startsAt: '2026-04-05T02:30' }))).toEqual([`startsAt: ${ambiguousTimeMessage('Australia/Sydney')}`]);
    expect(issues(codeForm({ startsAt: '2026-04-05T02:30+11:00', endsAt: '2026-04-05T02:30+10:00' }))).toEqual([]);
    // The second 2:30 is an hour after the first: an end at the first and a start at the second is backwards.
    expect(issues(codeForm({ startsAt: '2026-04-05T02:30+10:00', endsAt: '2026-04-05T02:30+11:00' }))).toEqual(['endsAt: The end must come after the start.']);
    expect(issues(codeForm({ startsAt: '2026-04-05T02:30+09:00' }))).toEqual(["startsAt: That offset is not Australia/Sydney's at that time."]);
    expect(wallTimeIn('Australia/Sydney', '2026-04-05T02:30+10:00') - wallTimeIn('Australia/Sydney', '2026-04-05T02:30+11:00')).toBe(3_600_000);
    // A stored moment in that hour goes back into the form saying which it is.
    const second = wallTimeIn('Australia/Sydney', '2026-04-05T02:30+10:00');
    expect(wallTimeFieldOf('Australia/Sydney', second)).toBe('2026-04-05T02:30+10:00');
    expect(wallTimeFieldOf('Australia/Sydney', Date.UTC(2026, 10, 22, 4, 4))).toBe('2026-11-22T15:04');
    expect(wallTimeChoices('Australia/Sydney', '2026-10-04T02:30')).toEqual([]);
  });
});

describe('offers, from the console to the credit', () => {
  it('no offer running: a purchase credits exactly the pack’s gems, and records no offer', async () => {
    const { memory, buy, pay } = setup();
    const { orderId } = await buy('u-1');
    expect(memory.records.get(orderId)!.offer).toBeUndefined();
    await pay(orderId);
    expect(memory.balances.get('u-1')).toBe(pouch.gemCount);
  });

  it('the first-purchase bonus is recorded on the first order, credited with it once, and never on a later order', async () => {
    const { deps, memory, buy, pay } = setup();
    await startFirstPurchase(deps, 'npm run offers', 100);
    await expect(shopOffers(deps, 'u-1', DIRECT)).resolves.toEqual({
      offers: [expect.objectContaining({ id: FIRST_PURCHASE_OFFER_ID, bonusByPack: expect.objectContaining({ [pouch.id]: 3500 }) })],
    });
    const first = await buy('u-1');
    expect(memory.records.get(first.orderId)!.offer).toEqual({ id: FIRST_PURCHASE_OFFER_ID, kind: 'firstPurchase', title: 'First-purchase bonus', bonusGems: 3500 });
    await pay(first.orderId);
    await pay(first.orderId);
    expect(memory.balances.get('u-1')).toBe(7000);
    expect(memory.events.find((event) => event.type === 'credited')).toMatchObject({ gems: 7000, detail: 'of which +3,500 bonus gems (First-purchase bonus)' });
    // Paid once: the shop no longer offers it, and the next order has none.
    await expect(shopOffers(deps, 'u-1', DIRECT)).resolves.toEqual({ offers: [] });
    const second = await buy('u-1');
    expect(memory.records.get(second.orderId)!.offer).toBeUndefined();
  });

  it('two orders made under the first-purchase bonus before either was paid: only the first paid gets it, the other says why', async () => {
    const { deps, memory, buy, pay } = setup();
    await startFirstPurchase(deps, 'npm run offers', 100);
    const one = await buy('u-1');
    const two = await buy('u-1');
    await pay(two.orderId);
    await pay(one.orderId);
    expect(memory.balances.get('u-1')).toBe(3 * pouch.gemCount);
    expect(memory.records.get(one.orderId)!.offer).toMatchObject({ bonusGems: 0, withheld: `The first-purchase bonus went with order ${two.orderId}.` });
  });

  it('a promo code: unknown, then used up, is refused for its field with nothing made; its one use is taken once, and given back when its order is cancelled', async () => {
    const { deps, memory, offers, buy, pay } = setup();
    const unknown = await refusal(buy('u-1', 'NOPE'));
    expect([unknown.status, unknown.message, unknown.details.reason]).toEqual([422, promoCodeMessages.unknown, 'promoCode']);
    expect(memory.records.size).toBe(0);

    await createOffer(deps, 'staff@wyrmcrown.example', offerFormSchema(settings.STORE_TIME_ZONE).parse(codeForm()));
    await expect(checkPromoCode(deps, 'u-1', 'DRAGON500', pouch.id)).resolves.toEqual({ code: 'DRAGON500', title: 'Dragon Week', bonusGems: 500 });
    const first = await buy('u-1', 'DRAGON500');
    expect(memory.records.get(first.orderId)!.offer).toMatchObject({ kind: 'promoCode', code: 'DRAGON500', bonusGems: 500 });
    const usedUp = await refusal(buy('u-2', 'DRAGON500'));
    expect([usedUp.status, usedUp.message]).toEqual([422, promoCodeMessages.usedUp]);
    expect(memory.records.size).toBe(1);

    // Cancelled unpaid: the use is free again, for another player.
    await cancelOrder(deps, 'u-1', first.orderId);
    await expect(offers.repository.find('code-DRAGON500')).resolves.toMatchObject({ uses: 0 });
    const second = await buy('u-2', 'DRAGON500');
    await pay(second.orderId);
    expect(memory.balances.get('u-2')).toBe(pouch.gemCount + 500);
  });

  it('a code’s total cannot be set below the uses orders hold now; at or above them it takes, and the new uses follow it', async () => {
    const { deps, offers, buy } = setup();
    const form = offerFormSchema(settings.STORE_TIME_ZONE);
    const code = await createOffer(deps, 'staff@wyrmcrown.example', form.parse(codeForm({ totalUses: '3', perPlayerUses: '' })));
    for (const uid of ['u-1', 'u-2']) await buy(uid, 'DRAGON500');
    const below = await refusal(updateOffer(deps, 'staff@wyrmcrown.example', code.id, form.parse(codeForm({ totalUses: '1', perPlayerUses: '' })), code.updatedAt));
    expect([below.status, below.message]).toEqual([409, offerMessages.capBelowUses(2)]);
    await expect(offers.repository.find(code.id)).resolves.toMatchObject({ totalUses: 3, uses: 2 });
    await updateOffer(deps, 'staff@wyrmcrown.example', code.id, form.parse(codeForm({ totalUses: '2', perPlayerUses: '' })), code.updatedAt);
    const usedUp = await refusal(buy('u-3', 'DRAGON500'));
    expect(usedUp.message).toBe(promoCodeMessages.usedUp);
  });

  it('staff changes are audited with who, when, before and after; an edit from a stale read is refused; ending stops new orders', async () => {
    const { deps, memory, buy } = setup();
    const form = offerFormSchema(settings.STORE_TIME_ZONE);
    const weekend = await createOffer(deps, 'ana@wyrmcrown.example', form.parse(codeForm({ kind: 'timeBoxed', code: '', endsAt: '2099-01-01T00:00', bonusUnit: 'percent', bonusAmount: '20', title: 'Weekend bonus' })));
    const changed = await updateOffer(deps, 'ben@wyrmcrown.example', weekend.id, form.parse(codeForm({ kind: 'timeBoxed', code: '', endsAt: '2099-01-01T00:00', bonusUnit: 'percent', bonusAmount: '25', title: 'Weekend bonus' })), weekend.updatedAt);
    expect(changed.bonus).toEqual({ unit: 'percent', amount: 25 });
    const stale = await refusal(updateOffer(deps, 'ana@wyrmcrown.example', weekend.id, form.parse(codeForm({ kind: 'timeBoxed', code: '', endsAt: '2099-01-01T00:00' })), weekend.updatedAt));
    expect(stale.status).toBe(409);
    const order = await buy('u-1');
    expect(memory.records.get(order.orderId)!.offer).toMatchObject({ id: weekend.id, bonusGems: Math.floor(pouch.gemCount * 0.25) });

    await endOffer(deps, 'ana@wyrmcrown.example', weekend.id);
    const { audit } = await offerDetail(deps, weekend.id);
    expect(audit.map(({ by, action }) => `${action} by ${by}`)).toEqual(['ended by ana@wyrmcrown.example', 'changed by ben@wyrmcrown.example', 'created by ana@wyrmcrown.example']);
    expect(audit[1]).toMatchObject({ before: { bonus: { amount: 20 } }, after: { bonus: { amount: 25 } } });
    expect(audit[0]!.at).toBeGreaterThan(audit[1]!.at);
    const later = await buy('u-2');
    expect(memory.records.get(later.orderId)!.offer).toBeUndefined();
  });
});
