import { REFUND_WINDOW_MS, refundEligibility, type RefundFacts } from './refundPolicy';

const paidAt = Date.UTC(2026, 10, 1, 3, 0, 0);

/** A credited Pouch of Gem (3,500 gems, A$45.99) whose owner's balance and last transaction still allow a refund. */
function facts(overrides: Partial<RefundFacts> = {}, order: Partial<RefundFacts['order']> = {}): RefundFacts {
  return {
    order: { status: 'paid', credited: true, paidAt, createdAt: paidAt - 60_000, gemCount: 3500, bonusGems: 0, amount: '45.99', ...order },
    alreadyRequested: false,
    now: paidAt + 60_000,
    balance: 3500,
    lastTransactionAmount: '45.99',
    ...overrides,
  };
}

const refusalOf = (input: RefundFacts) => {
  const answer = refundEligibility(input);
  return answer.eligible ? null : answer.refusal;
};

describe('refundEligibility', () => {
  it('allows a credited order within the window, with its gems unused and no more than the last transaction', () => {
    expect(refundEligibility(facts())).toEqual({ eligible: true });
  });

  it('counts 7 days from the payment to the millisecond', () => {
    expect(REFUND_WINDOW_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(refusalOf(facts({ now: paidAt + REFUND_WINDOW_MS }))).toBeNull();
    expect(refusalOf(facts({ now: paidAt + REFUND_WINDOW_MS + 1 }))).toBe('tooLate');
  });

  it('counts from when the order was placed when no payment time was kept', () => {
    const placed = paidAt - 1000;
    expect(refusalOf(facts({ now: placed + REFUND_WINDOW_MS }, { paidAt: null, createdAt: placed }))).toBeNull();
    expect(refusalOf(facts({ now: placed + REFUND_WINDOW_MS + 1 }, { paidAt: null, createdAt: placed }))).toBe('tooLate');
  });

  it('refuses when the balance is one gem short of the pack, and says how many are left', () => {
    expect(refusalOf(facts({ balance: 3500 }))).toBeNull();
    const answer = refundEligibility(facts({ balance: 3499 }));
    expect(answer).toEqual({
      eligible: false,
      refusal: 'gemsUsed',
      message: 'Refunds are for unused gems only. This pack added 3,500 gems and your balance is 3,499.',
    });
  });

  it('judges the balance against what the player’s other waiting requests would take back', () => {
    expect(refusalOf(facts({ balance: 4500, heldByOtherRequests: 1000 }))).toBeNull();
    expect(refundEligibility(facts({ balance: 4500, heldByOtherRequests: 1001 }))).toEqual({
      eligible: false,
      refusal: 'gemsUsed',
      message: 'Refunds are for unused gems only. This pack added 3,500 gems and your balance is 4,500, of which your other refund requests would take back 1,001.',
    });
  });

  it('never counts gems of daily gifts claimed since the purchase as the pack’s unused gems', () => {
    expect(refusalOf(facts({ balance: 3530, giftGemsSincePurchase: 30 }))).toBeNull();
    expect(refundEligibility(facts({ balance: 3520, giftGemsSincePurchase: 30, heldByOtherRequests: 0 }))).toEqual({
      eligible: false,
      refusal: 'gemsUsed',
      message: 'Refunds are for unused gems only. This pack added 3,500 gems and your balance is 3,520, of which 30 came from free daily gifts since the purchase.',
    });
  });

  it('refuses an amount one cent over the last transaction', () => {
    expect(refusalOf(facts({ lastTransactionAmount: '45.99' }))).toBeNull();
    expect(refundEligibility(facts({ lastTransactionAmount: '45.98' }))).toMatchObject({
      refusal: 'overLastTransaction',
      message: expect.stringContaining('(A$45.98)'),
    });
    expect(refusalOf(facts({ lastTransactionAmount: null }))).toBe('overLastTransaction');
  });

  it('refuses orders that are not paid, not yet credited, or already asked about', () => {
    for (const status of ['pending', 'failed', 'cancelled', 'expired', 'refunded'] as const) {
      expect(refusalOf(facts({}, { status }))).toBe('notPaid');
    }
    expect(refusalOf(facts({}, { credited: false }))).toBe('notCredited');
    expect(refusalOf(facts({ alreadyRequested: true }))).toBe('alreadyRequested');
  });

  it('names the first reason that applies, most basic first', () => {
    expect(refusalOf(facts({ alreadyRequested: true, now: paidAt + REFUND_WINDOW_MS + 1, balance: 0 }))).toBe('alreadyRequested');
    expect(refusalOf(facts({ now: paidAt + REFUND_WINDOW_MS + 1, balance: 0 }))).toBe('tooLate');
  });
});
