import { changeLimit, leftThisMonth, limitAt, LIMIT_RAISE_DELAY_MS, NO_LIMIT, overLimitMessage, startOfMonthIn } from './spendingLimit';

const NOW = Date.UTC(2026, 10, 23, 6, 0);

describe('changing the monthly limit', () => {
  it('sets or lowers a limit at once', () => {
    const set = changeLimit(NO_LIMIT, 2000, NOW);
    expect(set).toEqual({ monthlyLimitCents: 2000, pending: null });
    expect(changeLimit(set, 1500, NOW)).toEqual({ monthlyLimitCents: 1500, pending: null });
  });

  it('raises or removes one only after 24 hours, and says from when', () => {
    const set = { monthlyLimitCents: 2000, pending: null };
    const raised = changeLimit(set, 5000, NOW);
    expect(raised).toEqual({ monthlyLimitCents: 2000, pending: { monthlyLimitCents: 5000, effectiveAt: NOW + LIMIT_RAISE_DELAY_MS } });
    expect(limitAt(raised, NOW + LIMIT_RAISE_DELAY_MS - 1).monthlyLimitCents).toBe(2000);
    expect(limitAt(raised, NOW + LIMIT_RAISE_DELAY_MS)).toEqual({ monthlyLimitCents: 5000, pending: null });
    expect(changeLimit(set, null, NOW).pending).toEqual({ monthlyLimitCents: null, effectiveAt: NOW + LIMIT_RAISE_DELAY_MS });
  });

  it('a lowering while a raise waits cancels the raise; asking for the current limit again drops it too', () => {
    const raised = changeLimit({ monthlyLimitCents: 2000, pending: null }, 5000, NOW);
    expect(changeLimit(raised, 1000, NOW + 1)).toEqual({ monthlyLimitCents: 1000, pending: null });
    expect(changeLimit(raised, 2000, NOW + 1)).toEqual({ monthlyLimitCents: 2000, pending: null });
  });
});

describe('what is left', () => {
  it('is the limit less the spending, never below nothing, and names it in A$', () => {
    expect(leftThisMonth(2000, 1599)).toBe(401);
    expect(leftThisMonth(2000, 2500)).toBe(0);
    expect(leftThisMonth(null, 2500)).toBeNull();
    expect(overLimitMessage(401)).toContain('A$4.01 left this month');
  });
});

describe('the month in the store time zone', () => {
  it('starts at local midnight on the 1st, across daylight saving', () => {
    // Sydney: AEDT (+11) in November, AEST (+10) in June.
    expect(startOfMonthIn('Australia/Sydney', NOW)).toBe(Date.UTC(2026, 9, 31, 13, 0));
    expect(startOfMonthIn('Australia/Sydney', Date.UTC(2026, 5, 15))).toBe(Date.UTC(2026, 4, 31, 14, 0));
    // April: the month begins in AEDT and daylight saving ends on its first Sunday.
    expect(startOfMonthIn('Australia/Sydney', Date.UTC(2026, 3, 20))).toBe(Date.UTC(2026, 2, 31, 13, 0));
    // 30 Nov 14:00 UTC is already 1 Dec in Sydney.
    expect(startOfMonthIn('Australia/Sydney', Date.UTC(2026, 10, 30, 14, 0))).toBe(Date.UTC(2026, 10, 30, 13, 0));
    expect(startOfMonthIn('UTC', NOW)).toBe(Date.UTC(2026, 10, 1));
  });
});
