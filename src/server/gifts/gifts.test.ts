import { fakeGateway } from '../../../test/support/fakeGateway';
import { memoryOffers } from '../../../test/support/memory/memoryOffers';
import { memoryRefunds } from '../../../test/support/memory/memoryRefunds';
import { memoryStore } from '../../../test/support/memory/memoryStore';
import { memoryGiftRecipients } from '../../../test/support/memory/memoryGiftRecipients';
import { spendDownTo } from '../../../test/support/memory/memoryLedger';
import { disputeNoticeFields, eventFields } from '../../../test/support/providerEvent';
import { samplePaymentDetails } from '../../../test/fixtures/samples';
import { giftTexts } from '../../shared/gifts/gift';
import { statementWords } from '../../shared/ledger';
import { playerTagOf } from '../../shared/playerTag';
import { NO_PROTECTIONS } from '../../shared/protections/playerProtections';
import { sign } from '../../shared/signature';
import { parseSettings } from '../config/settings';
import { silentLogger } from '../lib/logger';
import type { OrderDeps } from '../payments/paymentDeps';
import { checkOrder } from '../payments/playerOrders';
import { startPayment } from '../payments/startPayment';
import { acceptCallback } from '../provider/providerNotices';
import type { RefundDeps } from '../refunds/refundService';
import { findRecipient } from './giftRules';
import { approveRefund } from '../support/refundDesk';
import { requestRefund } from '../refunds/refundService';

const settings = parseSettings({});
const DAY = 86_400_000;
const PAYER = 'payer-1';
const FRIEND = 'friend-1';

function setup() {
  const memory = memoryStore();
  const { refunds, balances } = memoryRefunds(memory);
  const provider = fakeGateway();
  const giftRecipients = memoryGiftRecipients({ [PAYER]: { displayName: 'Payer' }, [FRIEND]: { displayName: 'Aria' }, young: { displayName: 'Kid' }, nodob: {} });
  memory.described.set('young', { ...NO_PROTECTIONS, birthDate: '2015-01-01' });
  memory.described.set('nodob', { ...NO_PROTECTIONS });
  const deps: RefundDeps & OrderDeps = { settings, ...memory.repositories, offers: memoryOffers(memory).repository, refunds, balances, giftRecipients, gateway: provider.gateway, log: silentLogger };
  const oldAccount = Date.now() - 30 * DAY;
  const paid = async (uid: string, orderId: string) => {
    provider.statuses.set(orderId, 'paid');
    await checkOrder(deps, uid, orderId);
  };
  /** The payer's own purchase (a gift needs one), then a gift of `packId` to the friend. */
  const giftBought = async (packId = 3) => {
    const own = await startPayment(deps, PAYER, { packId: 1, details: samplePaymentDetails, accountCreatedAt: oldAccount });
    await paid(PAYER, own.orderId);
    const gift = await startPayment(deps, PAYER, { packId, details: samplePaymentDetails, accountCreatedAt: oldAccount, payerName: 'Payer', gift: { tag: playerTagOf(FRIEND), message: 'For the dragon!', showName: true } });
    await paid(PAYER, gift.orderId);
    return gift.orderId;
  };
  const signed = (fields: Record<string, string>) => ({ ...fields, signature: sign(fields, settings.MERCHANT_PRIVATE_KEY, settings.SIGNATURE_ENCODING) });
  const notify = (orderId: string, stage: string) => acceptCallback(deps, signed(disputeNoticeFields(orderId, stage, '45.99', eventFields('dispute'))));
  return { deps, memory, provider, giftBought, notify, oldAccount };
}

describe('a gift for a friend', () => {
  it('finds a recipient by tag with a masked name, and answers the same words for an unknown tag, a young player and one with no date of birth', async () => {
    const { deps } = setup();
    const now = Date.now();
    await expect(findRecipient(deps as never, PAYER, playerTagOf(FRIEND), now)).resolves.toEqual({ uid: FRIEND, tag: playerTagOf(FRIEND), maskedName: 'A•••a' });
    for (const uid of ['nobody', 'young', 'nodob']) {
      await expect(findRecipient(deps as never, PAYER, playerTagOf(uid), now)).rejects.toMatchObject({ status: 404, message: giftTexts.notFound });
    }
    await expect(findRecipient(deps as never, PAYER, playerTagOf(PAYER), now)).rejects.toMatchObject({ status: 422, message: giftTexts.ownTag });
  });

  it('credits the recipient once (kind gift, the game told for them), and the payer’s statement shows it at no gems', async () => {
    const { memory, giftBought, deps } = setup();
    const orderId = await giftBought();
    await checkOrder(deps, PAYER, orderId);
    expect(memory.balances.get(FRIEND)).toBe(3500);
    expect(memory.balances.get(PAYER)).toBe(1000); // their own Tiny of Gem, no more
    const received = memory.ledgerEntries.get(FRIEND)!;
    expect(received).toEqual([expect.objectContaining({ kind: 'gift', gems: 3500, orderId, gift: { side: 'received', name: 'Payer', tag: null } })]);
    expect(statementWords(received[0]!)).toBe(`Gift from Payer: Pouch of Gem, order ${orderId}`);
    const sent = memory.ledgerEntries.get(PAYER)!.find((entry) => entry.orderId === orderId)!;
    expect(sent).toMatchObject({ kind: 'gift_sent', gems: 0, gift: { side: 'sent', name: 'A•••a', tag: playerTagOf(FRIEND) } });
    expect(statementWords(sent)).toBe(`Gift to A•••a #${playerTagOf(FRIEND)}: Pouch of Gem, order ${orderId} (its gems went to their account)`);
    expect(memory.gameEventRecords.filter((event) => event.body.data.orderId === orderId).map((event) => [event.body.data.uid, event.body.data.reason])).toEqual([[FRIEND, 'gift']]);
    expect(memory.mail).toEqual(expect.arrayContaining([{ kind: 'receipt', orderId }, { kind: 'giftReceived', orderId }]));
  });

  it('is refused with words before the provider is asked: a young recipient, a new payer, a payer without a purchase, over the day’s total, with a promo code', async () => {
    const { deps, provider, giftBought, oldAccount } = setup();
    const ask = (over: Partial<Parameters<typeof startPayment>[2]>) =>
      startPayment(deps, PAYER, { packId: 1, details: samplePaymentDetails, accountCreatedAt: oldAccount, gift: { tag: playerTagOf(FRIEND), showName: false }, ...over });
    await expect(ask({})).rejects.toMatchObject({ status: 403, message: giftTexts.payerNotYet(7), details: { reason: 'giftPayer' } });
    await giftBought(); // A$15.99 of the payer's own, then a A$45.99 gift
    await expect(ask({ accountCreatedAt: Date.now() - 2 * DAY })).rejects.toMatchObject({ status: 403, details: { reason: 'giftPayer' } });
    await expect(ask({ gift: { tag: playerTagOf('young'), showName: false } })).rejects.toMatchObject({ status: 404, message: giftTexts.notFound });
    await expect(ask({ promoCode: 'DRAGON10' })).rejects.toMatchObject({ status: 422, message: giftTexts.noOffers });
    const created = provider.created.length;
    // A$45.99 gifted today: a A$65.99 pack would pass A$100, a A$25.99 one would not.
    await expect(ask({ packId: 5 })).rejects.toMatchObject({ status: 403, message: giftTexts.dailyTotal('A$100.00'), details: { reason: 'giftDailyTotal' } });
    expect(provider.created.length).toBe(created);
    await expect(ask({ packId: 2 })).resolves.toHaveProperty('orderId');
  });

  it('a chargeback takes the recipient’s unspent gems down to 0 and the rest from the payer, as debt where their balance lacks it; won gives each back theirs', async () => {
    const { memory, giftBought, notify } = setup();
    const orderId = await giftBought();
    spendDownTo(memory, FRIEND, 1000); // the friend spent 2,500
    spendDownTo(memory, PAYER, 0);
    await notify(orderId, 'opened');
    expect([memory.balances.get(FRIEND), memory.gemDebts.get(FRIEND) ?? 0]).toEqual([0, 0]);
    expect([memory.balances.get(PAYER), memory.gemDebts.get(PAYER)]).toEqual([0, 2500]);
    expect(memory.records.get(orderId)!.dispute).toMatchObject({ gemsTaken: 1000, debtAdded: 2500, recipientTaken: 1000 });
    const friendLine = memory.ledgerEntries.get(FRIEND)!.at(-1)!;
    expect(statementWords(friendLine)).toBe(`Taken back: the gift of order ${orderId} was reversed by its payer's bank`);
    const payerLine = memory.ledgerEntries.get(PAYER)!.at(-1)!;
    expect(payerLine).toMatchObject({ kind: 'dispute', gems: -2500, debtAdded: 2500 });
    // Buying pauses for the payer, not for the recipient.
    expect((await memory.repositories.protections.protectionsOf(PAYER, Date.now())).disputesOpen).toEqual([orderId]);
    expect((await memory.repositories.protections.protectionsOf(FRIEND, Date.now())).disputesOpen ?? []).toEqual([]);
    await notify(orderId, 'won');
    expect([memory.balances.get(FRIEND), memory.balances.get(PAYER), memory.gemDebts.get(PAYER)]).toEqual([1000, 0, 0]);
  });

  it('is refunded only while the recipient still holds all its gems: asked, and again when support approves', async () => {
    const { memory, giftBought, deps } = setup();
    const orderId = await giftBought();
    spendDownTo(memory, FRIEND, 3000);
    await expect(requestRefund(deps, { uid: PAYER }, orderId, 'Sent to the wrong friend')).rejects.toMatchObject({ status: 409, message: giftTexts.refundSpent });
    const other = await giftBought(1);
    await requestRefund(deps, { uid: PAYER }, other, 'Sent to the wrong friend');
    spendDownTo(memory, FRIEND, 500);
    await expect(approveRefund(deps as never, { uid: 'staff-1', email: 'agent@wyrmcrown.example' } as never, other)).rejects.toThrow(giftTexts.refundSpent);
    expect(memory.balances.get(FRIEND)).toBe(500);
  });
});
