import { countedSource, nextTouches, touchOf } from './saleSource';

const NOW = 1_800_000_000_000;

describe('where a visit came from', () => {
  it('reads a link’s own source, a creator’s code, an email, a search engine and another site, and nothing from a visit that says nothing', () => {
    expect(touchOf('?source=gameLink&platform=ios&storefront=us&linkout=1799999990&utm_campaign=winter-2026', '', 'store.example', NOW)).toEqual({
      source: 'gameLink',
      platform: 'ios',
      storefront: 'US',
      linkoutAt: 1_799_999_990_000,
      campaign: 'winter-2026',
      at: NOW,
    });
    expect(touchOf('?creator=DRAGONLORD', '', 'store.example', NOW)).toMatchObject({ source: 'creator' });
    expect(touchOf('?utm_medium=email&utm_source=newsletter', '', 'store.example', NOW)).toMatchObject({ source: 'email', utmSource: 'newsletter' });
    expect(touchOf('', 'https://www.google.com/', 'store.example', NOW)).toMatchObject({ source: 'search' });
    expect(touchOf('', 'https://forum.example.org/t/1', 'store.example', NOW)).toMatchObject({ source: 'otherSite' });
    expect(touchOf('', 'https://store.example/shop', 'store.example', NOW)).toBeNull();
    expect(touchOf('?item=3', '', 'store.example', NOW)).toBeNull();
  });

  it('keeps nothing it cannot vouch for: an unknown source, a platform, a storefront or a link-out time out of shape or out of the last day', () => {
    expect(touchOf('?source=billboard', '', 'store.example', NOW)).toBeNull();
    const touch = touchOf('?source=gameLink&platform=windows&storefront=USA&linkout=1700000000&utm_campaign=%3Cscript%3E', '', 'store.example', NOW);
    expect(touch).toEqual({ source: 'gameLink', at: NOW });
  });

  it('keeps the session’s first touch, and makes the last the newest landing that named a source', () => {
    const search = touchOf('', 'https://www.bing.com/', 'store.example', NOW)!;
    const started = nextTouches(null, search, NOW);
    expect(started).toEqual({ first: search, last: search });
    expect(nextTouches(started, null, NOW + 1)).toBe(started);
    const creator = touchOf('?creator=X', '', 'store.example', NOW + 2)!;
    expect(nextTouches(started, creator, NOW + 2)).toEqual({ first: search, last: creator });
    expect(nextTouches(null, null, NOW)).toEqual({ first: { source: 'direct', at: NOW }, last: { source: 'direct', at: NOW } });
    expect(countedSource(nextTouches(started, creator, NOW + 2))).toBe('creator');
    expect(countedSource(undefined)).toBe('direct');
  });
});
