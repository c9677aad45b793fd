import { samplePaymentDetails } from '../fixtures/samples';
import { disputeNoticeFields, eventFields } from './providerEvent';
import { fakeGateway } from './fakeGateway';
import { memoryApiDeps } from './memory/memoryApiDeps';
import { memoryGiftClaims } from './memory/memoryGiftClaims';
import { memoryStore } from './memory/memoryStore';
import type { BooksDriver } from './booksSequences';
import { dayCountsIn, type MemoryState } from './memory/memoryState';
import { memoryLedger } from './memory/memoryLedger';
import { gameWallets } from '../../src/gameServer/gameWallets';
import type { BooksCheckReads } from '../../src/server/ledger/booksCheck';
import { parseSettings } from '../../src/server/config/settings';
import { moveDisputeBySupport, writeOffDebt } from '../../src/server/disputes/disputeService';
import { HttpError } from '../../src/server/http/errors';
import { GatewayError } from '../../src/server/provider/gatewayClient';
import { checkOrder } from '../../src/server/payments/playerOrders';
import { acceptCallback } from '../../src/server/provider/providerNotices';
import { startPayment } from '../../src/server/payments/startPayment';
import { startFirstPurchase } from '../../src/server/offers/offersService';
import { requestRefund } from '../../src/server/refunds/refundService';
import { approveRefund } from '../../src/server/support/refundDesk';
import { sign } from '../../src/shared/signature';

export const BOOKS_SETTINGS = parseSettings({});
const staff = { uid: 'staff-books', email: 'books@wyrmcrown.example' };
const DAY_MS = 86_400_000;
/** The first-purchase bonus both runs of a sequence have running: half the pack again. */
export const BOOKS_FIRST_PURCHASE_PERCENT = 50;

/** A refusal the store answers by its own rules (4xx, a provider's refusal passed on): the move is simply not made. */
const refusedOnly = async (move: Promise<unknown>) => {
  try {
    await move;
  } catch (error) {
    if (!(error instanceof HttpError) || (error.status >= 500 && error.status !== 502)) throw error;
  }
};

/**
 * The whole store in memory, for one player's run of moves: the payments, refund, dispute, gift and ledger services
 * over the in-memory fakes, a provider of test answers, and the first-purchase bonus running.
 */
export async function memoryBooks(uid = 'u-books') {
  const memory = memoryStore(BOOKS_SETTINGS.STORE_TIME_ZONE);
  const provider = fakeGateway();
  const deps = memoryApiDeps(BOOKS_SETTINGS, memory, provider.gateway);
  const gifts = memoryGiftClaims(memory, BOOKS_SETTINGS.STORE_TIME_ZONE);
  await startFirstPurchase(deps, 'npm run offers', BOOKS_FIRST_PURCHASE_PERCENT);
  const started = Date.now();
  const signed = (fields: Record<string, string>) => ({ ...fields, signature: sign(fields, BOOKS_SETTINGS.MERCHANT_PRIVATE_KEY, BOOKS_SETTINGS.SIGNATURE_ENCODING) });
  const driver: BooksDriver = {
    async buy(pack, late) {
      try {
        const { orderId } = await startPayment(deps, uid, { packId: pack, details: samplePaymentDetails });
        if (!late) await driver.land(orderId);
        return orderId;
      } catch (error) {
        if (error instanceof HttpError && error.status < 500) return null;
        throw error;
      }
    },
    async land(orderId) {
      provider.statuses.set(orderId, 'paid');
      await checkOrder(deps, uid, orderId);
    },
    async refund(orderId, refused) {
      if (refused) provider.refundFailures.set(orderId, new GatewayError('refused', 'REFUND_REFUSED'));
      else provider.refundFailures.delete(orderId);
      await refusedOnly(requestRefund(deps, { uid, email: 'player@wyrmcrown.example' }, orderId, 'By mistake.'));
      await refusedOnly(approveRefund(deps, staff, orderId));
    },
    async dispute(orderId, stage) {
      if (stage === 'accepted') return refusedOnly(moveDisputeBySupport(deps, staff, orderId, 'accepted'));
      const amount = memory.records.get(orderId)!.amount;
      return refusedOnly(acceptCallback(deps, signed(disputeNoticeFields(orderId, stage, amount, eventFields('dispute')))));
    },
    writeOff: (orderId) => refusedOnly(writeOffDebt(deps, staff, orderId)),
    async gift(day) {
      await gifts.claim({ uid, now: started + day * DAY_MS, deviceKey: `${uid}-device-${day}`, addressKey: `${uid}-address-${day}`, withoutPurchase: false, paidBefore: async () => false, addressLimit: 1_000 });
    },
    async spend(gems, spendId) {
      await deps.ledger.spend(uid, spendId, gems, Date.now());
    },
    gems: async () => (await deps.ledger.standingOf(uid)).gems,
  };
  return { memory, deps, driver, uid };
}

/**
 * What the nightly check reads, from the fakes: the ledger, each entry's event, the day's counts as the moves counted
 * them, and the game's books from `game` (the stand-in's wallets, fed as a test says) or none.
 */
export function memoryBooksReads(memory: MemoryState, game: ReturnType<typeof gameWallets> | null, answer: 'answer' | 'fail' = 'answer'): BooksCheckReads {
  const timeZone = BOOKS_SETTINGS.STORE_TIME_ZONE;
  const ledger = memoryLedger(memory);
  return {
    timeZone,
    entriesMadeBetween: (from, to) => ledger.madeBetween(from, to),
    allEntriesOf: (uid) => ledger.allOf(uid),
    standingOf: (uid) => ledger.standingOf(uid),
    gameEvents: async (ids) => new Map(memory.gameEventRecords.filter((event) => ids.includes(event.id)).map((event) => [event.id, event])),
    dayCounts: async (date) => dayCountsIn(memory, { timeZone, date }),
    gameBooks: game && (async (uids) => (answer === 'fail' ? Promise.reject(new Error('the game’s statement answered 503')) : uids.map((uid) => game.statementOf(uid)))),
  };
}

/** The stand-in game's wallets (src/gameServer/gameWallets), fed every event the store made for `uid` and every spend of theirs, as if each was delivered. */
export function deliveredToStandIn(memory: MemoryState, uid: string, wallets = gameWallets()) {
  for (const event of memory.gameEventRecords.filter((record) => record.uid === uid)) {
    const gems = event.body.data.gems + event.body.data.bonusGems;
    wallets.apply(uid, event.id, event.body.type === 'gems.credited' ? gems : -gems);
    event.status = 'delivered';
  }
  for (const spent of (memory.ledgerEntries.get(uid) ?? []).filter((entry) => entry.kind === 'spent')) wallets.apply(uid, spent.id, spent.gems);
  return wallets;
}
