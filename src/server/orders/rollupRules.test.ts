import { fakeGateway } from '../../../test/support/fakeGateway';
import { samplePaymentDetails } from '../../../test/fixtures/samples';
import { memoryOffers } from '../../../test/support/memory/memoryOffers';
import { memoryRefunds } from '../../../test/support/memory/memoryRefunds';
import { dayCountsIn } from '../../../test/support/memory/memoryState';
import { memoryStore } from '../../../test/support/memory/memoryStore';
import { disputeNoticeFields } from '../../../test/support/providerEvent';
import { sign } from '../../shared/signature';
import { parseSettings } from '../config/settings';
import { silentLogger } from '../lib/logger';
import type { OrderDeps } from '../payments/paymentDeps';
import { checkOrder } from '../payments/playerOrders';
import { acceptCallback } from '../provider/providerNotices';
import { startPayment } from '../payments/startPayment';
import type { RefundDeps } from '../refunds/refundService';
import { orderMadeCounts, providerAnswerCounts, refundMoveCounts } from './rollupRules';
import type { TransactionRecord } from './orderRules';

const pouch = { order_id: 'WC0000000000POUCH', amount: '45.99' } as TransactionRecord;

describe('the day’s rollup rules', () => {
  it('count an order made, a payment that landed (credited or owed back), one that ended unpaid, and the credit’s lag', () => {
    expect(orderMadeCounts({})).toEqual({ counts: { ordersMade: 1 }, sourceOrders: { direct: 1 } });
    expect(orderMadeCounts({ source: { first: { source: 'search', at: 1 }, last: { source: 'creator', at: 2 } } })).toEqual({ counts: { ordersMade: 1 }, sourceOrders: { creator: 1 } });
    // A creator's code counts the order by its code too (the overview's funnel by creator).
    expect(orderMadeCounts({ creator: { code: 'DRAGONLORD', name: 'Dragon Lord', sharePercent: 10 } })).toEqual({ counts: { ordersMade: 1 }, sourceOrders: { direct: 1 }, creatorOrders: { DRAGONLORD: 1 } });
    expect(providerAnswerCounts(pouch, { update: { status: 'paid' }, credit: 3500, refundOwed: null }, 10_000, 7_000)).toEqual({ counts: { paid: 1, paidCents: 4599, credited: 1 }, creditLagMs: 3_000, sourcePaid: { direct: 1 }, sourceNetCents: { direct: 4599 } });
    // Landed but refunded instead of credited (over the limit, say): paid, not credited.
    expect(providerAnswerCounts(pouch, { update: { status: 'paid' }, credit: 0, refundOwed: 'spendingLimit' }, 10_000, null)).toEqual({ counts: { paid: 1, paidCents: 4599 }, sourcePaid: { direct: 1 }, sourceNetCents: { direct: 4599 } });
    expect(providerAnswerCounts(pouch, { update: { status: 'failed' }, credit: 0, refundOwed: null }, 1, null)).toEqual({ counts: { declined: 1 } });
    expect(providerAnswerCounts(pouch, { update: { status: 'expired' }, credit: 0, refundOwed: null }, 1, null)).toEqual({ counts: { expired: 1 } });
    expect(providerAnswerCounts(pouch, { update: {}, credit: 0, refundOwed: null }, 1, null)).toEqual({ counts: {} });
  });

  it('count a refund’s money once the order is refunded, and nothing while it is under way', () => {
    expect(refundMoveCounts(pouch, 'refunded')).toEqual({ counts: { refunded: 1, refundedCents: 4599 }, sourceNetCents: { direct: -4599 } });
    expect(refundMoveCounts(pouch, undefined)).toEqual({});
  });

  it('are applied by the in-memory fakes as by the Firestore commits: a day of purchases, a refund and a chargeback', async () => {
    const settings = parseSettings({});
    const memory = memoryStore();
    const { refunds, balances } = memoryRefunds(memory);
    const provider = fakeGateway();
    const deps: RefundDeps & OrderDeps = { settings, ...memory.repositories, offers: memoryOffers(memory).repository, refunds, balances, gateway: provider.gateway, log: silentLogger };
    const bought = async (outcome = 'paid') => {
      const { orderId } = await startPayment(deps, 'u-1', { packId: 3, details: samplePaymentDetails });
      provider.statuses.set(orderId, outcome);
      await checkOrder(deps, 'u-1', orderId);
      return orderId;
    };
    const refunded = await bought();
    const disputed = await bought();
    await bought('failed');
    await refunds.request(refunded, { reason: 'Mistake', at: Date.now() }, () => ({ eligible: true }));
    await refunds.beginApproval(refunded, { actor: { uid: 's', email: 's@x' }, at: Date.now(), attemptId: 'a-1', firstCheckAt: Date.now() });
    await refunds.finishApproval(refunded, 'a-1', { refunded: true, providerRefundId: 'rf-1' }, Date.now(), 'support');
    const notice = (stage: string) => {
      const fields = disputeNoticeFields(disputed, stage, '45.99');
      return acceptCallback(deps, { ...fields, signature: sign(fields, settings.MERCHANT_PRIVATE_KEY, settings.SIGNATURE_ENCODING) });
    };
    await notice('opened');
    await notice('lost');
    expect(dayCountsIn(memory)).toEqual({
      ...{ ordersMade: 3, paid: 2, paidCents: 2 * 4599, credited: 2, declined: 1, refunded: 1, refundedCents: 4599, disputes: 1, chargebacks: 1, chargedBackCents: 4599 },
      // The dispute's money, fraud-coded (10.4): a fraud dispute when it opened, a fraud loss when it was lost.
      ...{ disputedCents: 4599, fraudDisputes: 1, fraudDisputedCents: 4599, fraudLossCents: 4599 },
      // The ledger's entries: two credits, the refund's take-back and the dispute's.
      ...{ gemEntries: 4, gemsCredited: 2 * 3500, gemsTakenBack: 2 * 3500 },
    });
  });
});
