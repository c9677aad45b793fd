import { formatLinkCode, gameLinkUrlFor, LINK_CODE_ALPHABET, normalizeLinkCode } from './linkCode';

describe('a store code', () => {
  it('has no characters that look alike, and forgives case, spaces and the hyphen', () => {
    for (const lookalike of ['0', 'O', '1', 'I', 'L']) expect(LINK_CODE_ALPHABET).not.toContain(lookalike);
    expect(normalizeLinkCode('k7q2-m4xd')).toBe('K7Q2M4XD');
    expect(normalizeLinkCode(' K7Q2 M4XD ')).toBe('K7Q2M4XD');
    expect(normalizeLinkCode('K7Q2-M4X0')).toBeNull();
    expect(normalizeLinkCode('K7Q2-M4X')).toBeNull();
    expect(formatLinkCode('K7Q2M4XD')).toBe('K7Q2-M4XD');
  });

  it('fills the game’s link, deep link or App Link alike', () => {
    expect(gameLinkUrlFor('wyrmcrown://store-link?code={code}', 'K7Q2M4XD')).toBe('wyrmcrown://store-link?code=K7Q2-M4XD');
    expect(gameLinkUrlFor('https://play.wyrmcrown.example/store-link/{code}', 'K7Q2M4XD')).toBe('https://play.wyrmcrown.example/store-link/K7Q2-M4XD');
  });
});
