import { firestoreGiftClaims } from '../../src/server/dailyGift/giftClaims';
import { firestoreOrders } from '../../src/server/orders/ordersRepository';
import { firestoreOffers } from '../../src/server/offers/offersRepository';
import { startFirstPurchase } from '../../src/server/offers/offersService';
import { fixedCatalogue } from '../../src/server/catalogue/publishedCatalogue';
import { COLLECTIONS, gemLedgerPath, userPath } from '../../src/shared/firestorePaths';
import { API_ROUTES, apiPath } from '../../src/shared/api';
import { playerGemsOf } from '../../src/shared/balance';
import type { LedgerEntry } from '../../src/shared/ledger';
import { samplePaymentDetails } from '../fixtures/samples';
import type { BooksDriver } from './booksSequences';
import { BOOKS_FIRST_PURCHASE_PERCENT } from './memoryBooks';
import { disputeNoticeFields } from './providerEvent';
import type { IsolatedStore } from './isolatedStore';
import { completeInSandbox, sandboxControl, signedCallback, stackSettings, waitFor, type TestPlayer } from './paymentsHarness';

const DAY_MS = 86_400_000;

/** The first-purchase bonus running in an isolated store, as its staff would start it (`npm run offers`): half the pack again. */
export async function startBooksOffer(store: IsolatedStore): Promise<void> {
  await startFirstPurchase({ settings: stackSettings, offers: firestoreOffers(store.db), orders: firestoreOrders(store.db, stackSettings), catalogue: fixedCatalogue() }, 'npm run offers', BOOKS_FIRST_PURCHASE_PERCENT);
}

/**
 * One player's moves on the real stack, as players, support, the provider and the game make them: payments through the
 * API and the gateway sandbox, the provider's dispute notices signed to the callback route, refunds asked and approved
 * through the API (the sandbox refusing when told), write-offs by support, daily gifts through the store's own claim
 * (on the days asked), spends through the game stand-in, which asks the store.
 */
export function stackBooks(store: IsolatedStore, player: TestPlayer, staff: TestPlayer) {
  const gifts = firestoreGiftClaims(store.db, stackSettings);
  const started = Date.now();
  const orderOf = async (orderId: string) => (await store.db.doc(`${COLLECTIONS.transactions}/${orderId}`).get()).data()!;
  /** Anything but a refusal by the store's rules (4xx, or the provider's refusal passed on as 502) is a failure of the run. */
  const refusedOnly = (answer: { status: number; body: unknown }, what: string) => {
    if (answer.status >= 500 && answer.status !== 502) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  };
  const driver: BooksDriver = {
    async buy(pack, late) {
      const started = await store.call('POST', API_ROUTES.payments, player.idToken, { packId: pack, ...samplePaymentDetails });
      refusedOnly(started, 'buy');
      if (started.status !== 201) return null;
      if (!late) await driver.land(started.body.orderId);
      return started.body.orderId as string;
    },
    async land(orderId) {
      const returned = await completeInSandbox(orderId, 'paid');
      const answer = await store.call('POST', API_ROUTES.paymentReturn, player.idToken, returned);
      refusedOnly(answer, 'return');
      await waitFor(() => orderOf(orderId), (order) => order.checked === 1 || Boolean(order.notCredited));
    },
    async refund(orderId, refused) {
      await sandboxControl('PUT', '/faults', { orderId, faults: refused ? { refund: { msg: 'REFUND_REFUSED' } } : {} });
      refusedOnly(await store.call('POST', API_ROUTES.orderRefund, player.idToken, { reason: 'By mistake.' }, { orderId }), 'refund request');
      refusedOnly(await store.call('POST', API_ROUTES.supportRefundApprove, staff.idToken, undefined, { orderId }), 'refund approval');
    },
    async dispute(orderId, stage) {
      if (stage === 'accepted') {
        refusedOnly(await store.call('POST', API_ROUTES.supportDisputeAccept, staff.idToken, undefined, { orderId }), 'accept');
        return;
      }
      const fields = signedCallback(disputeNoticeFields(orderId, stage, (await orderOf(orderId)).amount as string));
      const response = await fetch(`${store.url}${apiPath(API_ROUTES.gatewayCallback)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
      refusedOnly({ status: response.status, body: await response.text() }, `dispute ${stage}`);
    },
    async writeOff(orderId) {
      refusedOnly(await store.call('POST', API_ROUTES.supportDisputeWriteOff, staff.idToken, undefined, { orderId }), 'write-off');
    },
    async gift(day) {
      await gifts.claim({ uid: player.uid, now: started + day * DAY_MS, deviceKey: `${player.uid}-device-${day}`, addressKey: `${player.uid}-address-${day}`, withoutPurchase: false, paidBefore: async () => false, addressLimit: 1_000 });
    },
    async spend(gems, spendId) {
      const spent = await store.game(`/wallets/${player.uid}/spend`, 'POST', { gems, spendId });
      if (!spent.store?.entryId) throw new Error(`The spend was not taken: ${JSON.stringify(spent)}`);
    },
    gems: async () => playerGemsOf((await store.db.doc(userPath(player.uid)).get()).data()),
  };
  return {
    driver,
    /** The player's ledger, in order. */
    entries: async () => (await store.db.collection(gemLedgerPath(player.uid)).orderBy('seq').get()).docs.map((doc) => doc.data() as LedgerEntry),
    /** Waits until the game took every event of the player: their statuses, once none is still being sent. */
    delivered: () =>
      waitFor(
        async () => (await store.db.collection(COLLECTIONS.gameEvents).where('uid', '==', player.uid).get()).docs.map((doc) => doc.get('status') as string),
        (statuses) => statuses.every((status) => status !== 'pending'),
        30_000,
      ),
  };
}
