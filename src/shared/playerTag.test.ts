import { accountNameOf, displayNameRefusal, normalizePlayerTag, PLAYER_TAG_PATTERN, playerTagOf, signedInAsText } from './playerTag';

describe('a player tag', () => {
  it('is the same 8 characters for a uid wherever it is worked out (vectors for the game’s developers)', () => {
    // FNV-1a 64 of the uid's UTF-8 bytes, its lowest 40 bits in Crockford base 32, lowest first (docs/game-integration.md).
    expect(playerTagOf('u-1')).toBe('2JT0DZ43');
    expect(playerTagOf('AbC123xyz')).toBe('03NJEBJA');
    expect(playerTagOf('')).toBe('5S8422JW');
    expect(PLAYER_TAG_PATTERN.test(`#${playerTagOf('x')}`)).toBe(true);
  });

  it('is found however it is typed, and a guest is called Guest', () => {
    expect(normalizePlayerTag(' #2jt0dz43 ')).toBe('2JT0DZ43');
    expect(accountNameOf({ displayName: null, email: null })).toBe('Guest');
    expect(accountNameOf({ displayName: null, email: 'a@b.example' })).toBe('a@b.example');
    expect(signedInAsText({ uid: 'u-1', displayName: 'Aria', email: 'a@b.example' })).toBe('Signed in as Aria · #2JT0DZ43');
  });

  it('is never faked by a display name: a name with a tag or the separator is refused, and the store shows the email or "Guest" instead', () => {
    for (const name of ['Victim Name · #AAAAAAAA', 'Aria #2JT0DZ43', 'Aria • 2JT0DZ43', 'a\u202eb', 'x'.repeat(41), '   ']) expect(displayNameRefusal(name)).not.toBeNull();
    expect(displayNameRefusal('Aria the Bold')).toBeNull();
    expect(signedInAsText({ uid: 'u-1', displayName: 'Victim Name · #AAAAAAAA', email: null })).toBe('Signed in as Guest · #2JT0DZ43');
    expect(accountNameOf({ displayName: 'Victim #AAAAAAAA', email: 'a@b.example' })).toBe('a@b.example');
  });
});
