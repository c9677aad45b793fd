import { ageBandOf, ageOn, dateIn } from './age';
import { NO_PROTECTIONS, purchaseBlockOf } from './playerProtections';

describe("a player's age", () => {
  it('counts whole years, a birthday from its own day', () => {
    expect(ageOn('2013-11-23', '2026-11-23')).toBe(13);
    expect(ageOn('2013-11-24', '2026-11-23')).toBe(12);
    expect(ageOn('2012-02-29', '2025-02-28')).toBe(12);
    expect(ageOn('2012-02-29', '2025-03-01')).toBe(13);
  });

  it('is in the store time zone: 23 Nov 14:00 UTC is already the 24th in Sydney', () => {
    expect(dateIn('Australia/Sydney', Date.UTC(2026, 10, 23, 14, 0))).toBe('2026-11-24');
    expect(dateIn('UTC', Date.UTC(2026, 10, 23, 14, 0))).toBe('2026-11-23');
  });

  it('under 13 needs a guardian before buying; no date of birth, asks it first', () => {
    expect(ageBandOf('2014-01-01', '2026-11-23')).toBe('underMinimum');
    expect(ageBandOf('2010-01-01', '2026-11-23')).toBe('teen');
    expect(ageBandOf('1990-01-01', '2026-11-23')).toBe('adult');
    expect(purchaseBlockOf(NO_PROTECTIONS, '2026-11-23')).toBe('birthDateNeeded');
    const child = { ...NO_PROTECTIONS, birthDate: '2016-05-01' };
    expect(purchaseBlockOf(child, '2026-11-23')).toBe('guardianConsentNeeded');
    expect(purchaseBlockOf({ ...child, guardianConsent: { at: 1, guardianEmail: 'parent@example.com' } }, '2026-11-23')).toBeNull();
    expect(purchaseBlockOf({ ...NO_PROTECTIONS, birthDate: '2013-11-23' }, '2026-11-23')).toBeNull();
  });
});
