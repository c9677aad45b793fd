import { CODE_USE_SHARDS } from '../../src/server/codeUses/codeUseShards';
import { storedCatalogue } from '../../src/server/catalogue/publishedCatalogue';
import { firestoreCatalogue } from '../../src/server/catalogue/catalogueRepository';
import { promoCodeMessages } from '../../src/server/offers/offerRules';
import { firestoreOffers } from '../../src/server/offers/offersRepository';
import type { HttpError } from '../../src/server/http/errors';
import { createOffer, updateOffer } from '../../src/server/offers/offersService';
import { firestoreOrderRepositories } from '../../src/server/orderRepositories';
import { silentLogger } from '../../src/server/lib/logger';
import { checkWithProvider } from '../../src/server/provider/providerCheck';
import type { OrderDeps } from '../../src/server/payments/paymentDeps';
import { startPayment } from '../../src/server/payments/startPayment';
import { settleRefundsOnce } from '../../src/server/refunds/refundSettlement';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { offerFormSchema } from '../../src/shared/validation/offer';
import { samplePaymentDetails, TEST_ADULT_BIRTH_DATE } from '../fixtures/samples';
import { isolatedDb } from '../support/emulatorAdmin';
import { fakeGateway } from '../support/fakeGateway';
import { newPromoCode, promoCodeForm } from '../support/promoCodes';
import { waitForMailsAbout } from '../support/mailbox';
import {
  completeInSandbox,
  gemsOf,
  getJson,
  inProcessRefundDeps,
  newPlayer,
  ownerDb,
  postJson,
  sandboxControl,
  stackSettings,
  transactionOf,
  waitFor,
  type TestPlayer,
} from '../support/paymentsHarness';
import { API_ROUTES, apiPath } from '../../src/shared/api';
import { playerStatusLine } from '../../src/shared/orders/playerStatus';

/**
 * The store's promises where Firestore decides them: a code's cap, a player's limit and the first-purchase bonus,
 * held when payments land late and while staff edit offers.
 */
jest.setTimeout(120_000);

const [tiny, , pouch, , , vault] = STARTING_PACKS;

afterEach(async () => {
  await sandboxControl('DELETE', '/faults');
});

const newCode = (totalUses: string, perPlayerUses: string) => newPromoCode('LATE', totalUses, perPlayerUses);

/** The provider tells the store the order expired (a query fault), and the store's check hears it; the order stays payable at the provider. */
async function expiresAtTheStore(player: TestPlayer, orderId: string): Promise<void> {
  await sandboxControl('PUT', '/faults', { orderId, faults: { query: { status: 'expired' }, callback: { none: true } } });
  expect((await postJson(apiPath(API_ROUTES.orderCheck, { orderId }), {}, player.idToken)).body).toMatchObject({ status: 'expired' });
  await sandboxControl('PUT', '/faults', { orderId, faults: {} });
}

const pay = async (player: TestPlayer, packId: number, promoCode?: string) => {
  const { status, body } = await postJson('/api/payments', { packId, ...samplePaymentDetails, ...(promoCode ? { promoCode } : {}) }, player.idToken);
  if (status !== 201) throw new Error(`Payment did not start: ${status} ${JSON.stringify(body)}`);
  return body.orderId as string;
};

describe('late payments, on the emulator with the sandbox', () => {
  it('a code used up meanwhile: the late payment is credited without its bonus, says why, and the code stays at its cap', async () => {
    const code = await newCode('1', '1');
    const [late, other] = [await newPlayer(), await newPlayer()];
    const lateOrder = await pay(late, pouch!.id, code);
    await expiresAtTheStore(late, lateOrder);
    expect((await firestoreOffers(ownerDb()).find(`code-${code}`))!.uses).toBe(0);
    const otherOrder = await pay(other, pouch!.id, code);
    await completeInSandbox(otherOrder);
    await waitFor(() => gemsOf(other.uid), (gems) => gems === pouch!.gemCount + 500);

    // The late payment lands: the provider's callback, as the sandbox sends it.
    await completeInSandbox(lateOrder);
    const credited = await waitFor(() => transactionOf(lateOrder), (order) => order?.checked === 1);
    expect(credited).toMatchObject({ status: 'paid', offer: { bonusGems: 0, withheld: 'The code’s uses had run out when this payment landed.' } });
    expect(await gemsOf(late.uid)).toBe(pouch!.gemCount);
    expect(await gemsOf(other.uid)).toBe(pouch!.gemCount + 500);
    expect((await firestoreOffers(ownerDb()).find(`code-${code}`))!.uses).toBe(1);
    // The receipt email says why, as the order's history and its receipt do.
    const receipts = await waitForMailsAbout(lateOrder, (caught) => caught.some((mail) => /receipt/.test(mail.subject)));
    expect(receipts.find((mail) => /receipt/.test(mail.subject))!.text).toContain('Bonus: The code’s uses had run out when this payment landed.');
    expect((await getJson(apiPath(API_ROUTES.order, { orderId: lateOrder }), late.idToken)).body).toMatchObject({ bonusGems: 0, bonusWithheld: 'The code’s uses had run out when this payment landed.' });
  });

  it('past the monthly limit: the late payment is not credited, it is refunded in full, and the player is emailed why', async () => {
    const player = await newPlayer();
    expect((await postJson(apiPath(API_ROUTES.spendingLimit), { monthlyLimit: '20' }, player.idToken)).status).toBe(200);
    const lateOrder = await pay(player, tiny!.id);
    await expiresAtTheStore(player, lateOrder);
    const paidOrder = await pay(player, tiny!.id);
    await completeInSandbox(paidOrder);
    await waitFor(() => gemsOf(player.uid), (gems) => gems === tiny!.gemCount);

    await completeInSandbox(lateOrder);
    const refused = await waitFor(() => transactionOf(lateOrder), (order) => Boolean(order?.notCredited));
    expect(refused).toMatchObject({ status: 'paid', checked: 0, notCredited: { reason: 'spendingLimit' }, refund: { status: 'approving' } });
    const mails = await waitForMailsAbout(lateOrder, (caught) => caught.length > 0);
    expect(mails[0]!.to.map((to) => to.address)).toEqual([player.email]);
    expect(mails[0]!.text).toContain('it would have passed your monthly spending limit');

    // The sweep's refund pass returns the whole amount through the provider, once.
    expect(await settleRefundsOnce(inProcessRefundDeps(), Date.now())).toMatchObject({ refunded: expect.any(Number) });
    expect(await transactionOf(lateOrder)).toMatchObject({ status: 'refunded', checked: 0 });
    expect((await sandboxControl('GET', `/orders/${lateOrder}`)).refundId).toEqual(expect.any(String));
    expect(await gemsOf(player.uid)).toBe(tiny!.gemCount);
    const view = (await getJson(apiPath(API_ROUTES.order, { orderId: lateOrder }), player.idToken)).body;
    expect(playerStatusLine(view)).toBe('Refunded: it would have passed your monthly spending limit');
    // The player's limits page counts what was paid and kept: one Tiny, never two.
    expect((await getJson(apiPath(API_ROUTES.spendingLimit), player.idToken)).body).toMatchObject({ spentThisMonthCents: tiny!.priceCents });
  });
});

describe('promises Firestore decides at once, on a database of their own', () => {
  const db = isolatedDb('promises');
  const settings = stackSettings;
  const provider = fakeGateway();
  const deps = (): OrderDeps => ({ settings, ...firestoreOrderRepositories(db, settings), offers: firestoreOffers(db), catalogue: storedCatalogue(firestoreCatalogue(db)), gateway: provider.gateway, log: silentLogger });
  const adult = (uid: string) => db.doc(`player_protections/${uid}`).set({ birthDate: TEST_ADULT_BIRTH_DATE, updatedAt: 1 });

  it('12 players take 36 uses of a code while staff save it 25 times: the uses are exactly the orders holding it', async () => {
    const code = 'BUSYCODE';
    const form = offerFormSchema(settings.STORE_TIME_ZONE).parse(promoCodeForm(code, '1000', '3'));
    const offerId = (await createOffer(deps(), 'staff@wyrmcrown.example', form)).id;
    const players = Array.from({ length: 12 }, (_, index) => `busy-${process.pid}-${index}`);
    await Promise.all(players.map(adult));
    // Each player's three orders one after another, the twelve players at once: 36 uses taken while staff save.
    const orders = Promise.all(
      players.map(async (uid) => {
        const made: string[] = [];
        // Racing orders may find the code busy for a moment (422, nothing taken): the player tries again, a few times.
        for (let tries = 0; made.length < 3 && tries < 20; tries += 1) {
          const outcome = await startPayment(deps(), uid, { packId: tiny!.id, details: samplePaymentDetails, promoCode: code }).then(
            ({ orderId }) => orderId,
            (error: { status: number }) => (error.status === 422 ? null : Promise.reject(error)),
          );
          if (outcome) made.push(outcome);
        }
        return made;
      }),
    ).then((lists) => lists.flat());
    const edits = (async () => {
      const outcomes: string[] = [];
      for (let edit = 0; edit < 25; edit += 1) {
        const before = (await firestoreOffers(db).find(offerId))!;
        outcomes.push(await updateOffer(deps(), 'staff@wyrmcrown.example', offerId, { ...form, title: `Dragon Week ${edit}` }, before.updatedAt).then(() => 'saved', (error: { status: number }) => String(error.status)));
      }
      return outcomes;
    })();
    const [made, saved] = await Promise.all([orders, edits]);
    expect(made).toHaveLength(36);
    expect(saved.filter((outcome) => outcome === 'saved').length).toBeGreaterThan(0);
    expect(saved.filter((outcome) => outcome !== 'saved' && outcome !== '409')).toEqual([]);
    const withCode = await db.collection('transactions').where('offer.id', '==', offerId).get();
    const held = withCode.docs.filter((doc) => doc.data().offer.released !== true).length;
    expect(held).toBe(36);
    expect((await firestoreOffers(db).find(offerId))!.uses).toBe(held);
  });

  it('200 players using one code capped at 50 at once, on one instance: exactly 50 orders hold it, the rest are told it is used up', async () => {
    const code = 'STORM50';
    const offerId = (await createOffer(deps(), 'staff@wyrmcrown.example', offerFormSchema(settings.STORE_TIME_ZONE).parse(promoCodeForm(code, '50', '')))).id;
    const players = Array.from({ length: 200 }, (_, index) => `storm-${process.pid}-${index}`);
    await Promise.all(players.map(adult));
    const outcomes = await Promise.allSettled(players.map((uid) => startPayment(deps(), uid, { packId: tiny!.id, details: samplePaymentDetails, promoCode: code })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(50);
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [`${(outcome.reason as HttpError).status} ${(outcome.reason as HttpError).message}`] : []));
    expect(refusals).toEqual(Array(150).fill(`422 ${promoCodeMessages.usedUp}`));
    expect((await firestoreOffers(db).find(offerId))!.uses).toBe(50);
    expect((await db.collection('transactions').where('offer.id', '==', offerId).get()).size).toBe(50);
    // No shard took more than a use or two: the peak spread over them.
    const shards = await db.collection(`offers/${offerId}/use_shards`).get();
    expect(shards.size).toBe(CODE_USE_SHARDS);
    expect(shards.docs.reduce((sum, shard) => sum + (shard.data().used as number), 0)).toBe(50);
  });

  it('a code counted on its offer before the uses were split: its uses carry over, and racing orders take exactly the ones left', async () => {
    const code = 'OLDCOUNT';
    const offerId = (await createOffer(deps(), 'staff@wyrmcrown.example', offerFormSchema(settings.STORE_TIME_ZONE).parse(promoCodeForm(code, '10', '')))).id;
    // As the store kept it before: the count on the offer, no shards.
    const shards = await db.collection(`offers/${offerId}/use_shards`).get();
    await Promise.all(shards.docs.map((shard) => shard.ref.delete()));
    await db.doc(`offers/${offerId}`).update({ uses: 7 });
    await expect(firestoreOffers(db).find(offerId)).resolves.toMatchObject({ uses: 7 });
    // One order made then ends unpaid: its use is given back before any shard exists.
    await firestoreOffers(db).releaseCodeUse(offerId, 'someone-before');
    await expect(firestoreOffers(db).find(offerId)).resolves.toMatchObject({ uses: 6 });
    const players = Array.from({ length: 12 }, (_, index) => `old-${process.pid}-${index}`);
    await Promise.all(players.map(adult));
    const outcomes = await Promise.allSettled(players.map((uid) => startPayment(deps(), uid, { packId: tiny!.id, details: samplePaymentDetails, promoCode: code })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(4);
    await expect(firestoreOffers(db).find(offerId)).resolves.toMatchObject({ uses: 10 });
  });

  it('the first-purchase bonus goes only with the first paid order: an order made under it and paid second is credited without it', async () => {
    const form = offerFormSchema(settings.STORE_TIME_ZONE).parse({
      kind: 'firstPurchase', title: 'First-purchase bonus', bonusUnit: 'percent', bonusAmount: '100', packId: String(vault!.id), startsAt: '2020-01-01T00:00', endsAt: '', code: '', totalUses: '', perPlayerUses: '',
    });
    await createOffer(deps(), 'npm run offers', form);
    const uid = `first-second-${process.pid}`;
    await adult(uid);
    const big = (await startPayment(deps(), uid, { packId: vault!.id, details: samplePaymentDetails })).orderId;
    expect((await db.doc(`transactions/${big}`).get()).data()!.offer).toMatchObject({ kind: 'firstPurchase', bonusGems: vault!.gemCount });
    const small = (await startPayment(deps(), uid, { packId: tiny!.id, details: samplePaymentDetails })).orderId;
    provider.statuses.set(small, 'paid');
    await checkWithProvider(deps(), small, 'check');
    provider.statuses.set(big, 'paid');
    await checkWithProvider(deps(), big, 'check');
    expect((await db.doc(`transactions/${big}`).get()).data()).toMatchObject({
      checked: 1,
      offer: { bonusGems: 0, withheld: `The first-purchase bonus is for a first purchase only: order ${small} was paid first.` },
    });
    expect((await db.doc(`users/${uid}`).get()).data()?.gemCount).toBe(tiny!.gemCount + vault!.gemCount);
  });

  it('two late payments of one player racing at the edge of the limit: one is credited, the other refunded, never both', async () => {
    const uid = `edge-${process.pid}`;
    await db.doc(`player_protections/${uid}`).set({ birthDate: TEST_ADULT_BIRTH_DATE, spendingLimit: { monthlyLimitCents: 2000, pending: null }, limitSetBy: 'player', updatedAt: 1 });
    const first = (await startPayment(deps(), uid, { packId: tiny!.id, details: samplePaymentDetails })).orderId;
    provider.statuses.set(first, 'expired');
    await checkWithProvider(deps(), first, 'check');
    const second = (await startPayment(deps(), uid, { packId: tiny!.id, details: samplePaymentDetails })).orderId;
    provider.statuses.set(second, 'expired');
    await checkWithProvider(deps(), second, 'check');
    for (const orderId of [first, second]) provider.statuses.set(orderId, 'paid');
    await Promise.all([first, second, first, second].map((orderId) => checkWithProvider(deps(), orderId, 'sweep')));
    const after = await Promise.all([first, second].map(async (orderId) => (await db.doc(`transactions/${orderId}`).get()).data()!));
    expect(after.map((order) => order.checked).sort()).toEqual([0, 1]);
    expect(after.filter((order) => order.notCredited?.reason === 'spendingLimit')).toHaveLength(1);
    expect((await db.doc(`users/${uid}`).get()).data()?.gemCount).toBe(tiny!.gemCount);
  });
});

