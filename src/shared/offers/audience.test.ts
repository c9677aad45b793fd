import { audienceWords, inAudience, type AudienceFacts } from './audience';

const DAY = 86_400_000;
const NOW = 1_800_000_000_000;
const adult: AudienceFacts = { adult: true, optedOut: false, lastPaidAt: NOW - 40 * DAY, spentCents: 4599, source: 'direct', creatorCode: null, gameAccount: false, boughtPackIds: [3] };

describe('an offer’s audience', () => {
  it('lapsed for 30 days: a player whose last paid order is 40 days old, not one who paid yesterday, nor one who never paid', () => {
    const lapsed = [{ rule: 'lapsed' as const, days: 30 }];
    expect(inAudience(lapsed, adult, NOW)).toBe(true);
    expect(inAudience(lapsed, { ...adult, lastPaidAt: NOW - DAY }, NOW)).toBe(false);
    expect(inAudience(lapsed, { ...adult, lastPaidAt: null }, NOW)).toBe(false);
  });

  it('never a player under 18, or without a date of birth, nor one who opted out, whatever the rules', () => {
    expect(inAudience([], adult, NOW)).toBe(true);
    expect(inAudience([], { ...adult, adult: false }, NOW)).toBe(false);
    expect(inAudience([], { ...adult, optedOut: true }, NOW)).toBe(false);
  });

  it('spend bands, sources, game accounts, packs owned or never bought, a first purchase: every rule must hold', () => {
    expect(inAudience([{ rule: 'spendBand', minCents: 4000, maxCents: 5000 }], adult, NOW)).toBe(true);
    expect(inAudience([{ rule: 'spendBand', minCents: 5000, maxCents: null }], adult, NOW)).toBe(false);
    expect(inAudience([{ rule: 'source', sources: ['creator', 'email'] }], { ...adult, source: 'email' }, NOW)).toBe(true);
    expect(inAudience([{ rule: 'gameAccount', is: true }], adult, NOW)).toBe(false);
    expect(inAudience([{ rule: 'ownsPack', packId: 3 }, { rule: 'neverBought', packId: 6 }], adult, NOW)).toBe(true);
    expect(inAudience([{ rule: 'ownsPack', packId: 3 }, { rule: 'neverBought', packId: 3 }], adult, NOW)).toBe(false);
    expect(inAudience([{ rule: 'firstPurchase' }], { ...adult, lastPaidAt: null, boughtPackIds: [] }, NOW)).toBe(true);
    // A creator's bonus: only with that creator's code.
    expect(inAudience([{ rule: 'creator', code: 'DRAGONLORD' }], { ...adult, creatorCode: 'DRAGONLORD' }, NOW)).toBe(true);
    expect(inAudience([{ rule: 'creator', code: 'DRAGONLORD' }], { ...adult, creatorCode: 'EMBERQUEEN' }, NOW)).toBe(false);
    expect(inAudience([{ rule: 'creator', code: 'DRAGONLORD' }], adult, NOW)).toBe(false);
  });

  it('is worded for the player honestly, never as an experiment', () => {
    expect(audienceWords([{ rule: 'lapsed', days: 30 }])).toBe('A bonus for players returning after a while');
    const all = [audienceWords([]), audienceWords([{ rule: 'firstPurchase' }]), audienceWords([{ rule: 'spendBand', minCents: 0, maxCents: null }])];
    for (const words of all) expect(words.toLowerCase()).not.toContain('experiment');
  });
});
