import { fakeGateway } from '../../../test/support/fakeGateway';
import { refusalOf } from '../../../test/support/httpRefusal';
import { memoryStore } from '../../../test/support/memory/memoryStore';
import { memoryOffers } from '../../../test/support/memory/memoryOffers';
import { samplePaymentDetails } from '../../../test/fixtures/samples';
import type { GemPack } from '../../shared/catalogue';
import { STARTING_PACKS } from '../../shared/startingCatalogue';
import { STARTING_RECORD, type PublishedRecord } from '../catalogue/catalogueRules';
import type { CatalogueReader } from '../catalogue/publishedCatalogue';
import { parseSettings } from '../config/settings';
import type { HttpError } from '../http/errors';
import { silentLogger } from '../lib/logger';
import { checkWithProvider } from '../provider/providerCheck';
import type { OrderDeps } from './paymentDeps';
import { startPayment } from './startPayment';

/** A published catalogue staff change between steps, as the console's publish does. */
function changingCatalogue() {
  let record: PublishedRecord = STARTING_RECORD;
  const reader: CatalogueReader = { current: () => record, read: async () => record };
  const publish = (packs: GemPack[]) => (record = { ...record, version: record.version + 1, packs, highestPackId: Math.max(record.highestPackId, ...packs.map((pack) => pack.id)) });
  return { reader, publish };
}

function setup() {
  const memory = memoryStore();
  const provider = fakeGateway();
  const catalogue = changingCatalogue();
  const deps: OrderDeps = { settings: parseSettings({}), ...memory.repositories, offers: memoryOffers(memory).repository, gateway: provider.gateway, log: silentLogger, catalogue: catalogue.reader };
  return { deps, memory, provider, publish: catalogue.publish };
}

const pouch = STARTING_PACKS.find((pack) => pack.id === 3)!;
const repriced = (pack: GemPack, priceCents: number, gemCount = pack.gemCount) => STARTING_PACKS.map((each) => (each.id === pack.id ? { ...each, priceCents, gemCount } : each));
const start = (deps: OrderDeps, uid: string, packId: number, priceCents?: number) =>
  startPayment(deps, uid, { packId, details: samplePaymentDetails, ...(priceCents === undefined ? {} : { priceCents }) });


describe('an order, sold from the published catalogue', () => {
  it('charges the price published at the moment, and records its pack as sold: title, gems, picture and version', async () => {
    const { deps, memory, publish } = setup();
    const before = await start(deps, 'u-1', 3);
    publish(repriced(pouch, 3999));
    const after = await start(deps, 'u-2', 3);
    expect(memory.records.get(before.orderId)).toMatchObject({ amount: '45.99', product_name: 'Pouch of Gem', gemCount: 3500, packImage: 'pouch', catalogueVersion: 1 });
    expect(memory.records.get(after.orderId)).toMatchObject({ amount: '39.99', product_name: 'Pouch of Gem', gemCount: 3500, packImage: 'pouch', catalogueVersion: 2 });
  });

  it('refuses a price the page showed that is not the price now, before anything is held or the provider asked', async () => {
    const { deps, memory, provider, publish } = setup();
    publish(repriced(pouch, 3999));
    const refused = await refusalOf(start(deps, 'u-1', 3, 4599));
    expect([refused.status, refused.details.reason]).toEqual([409, 'priceChanged']);
    expect(refused.message).toContain('A$39.99');
    expect([provider.created, memory.records.size, memory.slots.get('u-1')]).toEqual([[], 0, undefined]);
    await expect(start(deps, 'u-1', 3, 3999)).resolves.toMatchObject({ orderId: expect.any(String) });
  });

  it('refuses, as it refuses an unknown pack, a pack retired, not started or ended, and stores nothing', async () => {
    const { deps, memory, provider, publish } = setup();
    const now = Date.now();
    publish([
      ...STARTING_PACKS.filter((pack) => pack.id !== 3),
      { ...pouch, id: 7, title: 'Weekend Hoard', startsAt: now + 60_000 },
      { ...pouch, id: 8, title: 'Last Week’s Hoard', endsAt: now - 1 },
    ]);
    for (const packId of [3, 7, 8, 99]) {
      const refused = await refusalOf(start(deps, 'u-1', packId));
      expect([packId, refused.status, refused.message]).toEqual([packId, 400, 'That gem pack is not on sale.']);
    }
    expect([provider.created, memory.records.size]).toEqual([[], 0]);
  });

  it('a pack once per player sells once, racing tries included: the others are refused before the provider is asked', async () => {
    const { deps, memory, provider, publish } = setup();
    publish([...STARTING_PACKS, { ...pouch, id: 7, title: 'Starter Hoard', priceCents: 499, limit: { count: 1, per: 'ever' } }]);
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => start(deps, 'u-1', 7)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((each) => each.status === 'rejected')) {
      expect([(outcome.reason as HttpError).status, (outcome.reason as HttpError).details.reason]).toEqual([409, 'packLimit']);
    }
    expect(provider.created).toHaveLength(1);
    // Another player may buy theirs; the first may not, even once the first order is paid.
    await expect(start(deps, 'u-2', 7)).resolves.toBeDefined();
    const [first] = [...memory.records.values()].filter((record) => record.userId === 'u-1');
    provider.statuses.set(first!.order_id, 'paid');
    await checkWithProvider(deps, first!.order_id, 'check');
    expect((await refusalOf(start(deps, 'u-1', 7))).message).toBe('You have bought this pack as often as it allows: once per player. Nothing was charged.');
  });

  it('an order of a pack limited per month that ended unpaid does not count against it', async () => {
    const { deps, memory, provider, publish } = setup();
    publish([...STARTING_PACKS, { ...pouch, id: 7, title: 'Monthly Hoard', limit: { count: 1, per: 'month' } }]);
    const { orderId } = await start(deps, 'u-1', 7);
    provider.statuses.set(orderId, 'failed');
    await checkWithProvider(deps, orderId, 'check');
    expect(memory.records.get(orderId)!.status).toBe('failed');
    await expect(start(deps, 'u-1', 7)).resolves.toBeDefined();
    expect((await refusalOf(start(deps, 'u-1', 7))).details.reason).toBe('packLimit');
  });

  it('a late payment credits the gems it was sold with, once, after its pack was repriced and then retired', async () => {
    const { deps, memory, provider, publish } = setup();
    const { orderId } = await start(deps, 'u-1', 3);
    publish(repriced(pouch, 3999, 4000));
    publish(STARTING_PACKS.filter((pack) => pack.id !== 3));
    provider.statuses.set(orderId, 'paid');
    await checkWithProvider(deps, orderId, 'sweep');
    await checkWithProvider(deps, orderId, 'check');
    expect(memory.records.get(orderId)).toMatchObject({ status: 'paid', checked: 1, amount: '45.99', gemCount: 3500 });
    expect(memory.balances.get('u-1')).toBe(3500);
  });
});
