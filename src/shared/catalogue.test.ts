import { BEST_VALUE_PACK_ID, centsPer100Gems, findPack, GEM_PACKS } from './catalogue';
import { formatAud, formatGemCount, gstNote, gatewayAmount, gstOfCents } from './money';

describe('the gem pack catalogue', () => {
  it('holds the six packs of the spec, shown gems = credited gems', () => {
    expect(GEM_PACKS.map(({ id, title, gemCount, priceCents }) => [id, title, gemCount, formatAud(priceCents)])).toEqual([
      [1, 'Tiny of Gem', 1000, 'A$15.99'],
      [2, 'Fistful of Gem', 1500, 'A$25.99'],
      [3, 'Pouch of Gem', 3500, 'A$45.99'],
      [4, 'Box of Gem', 5500, 'A$55.99'],
      [5, 'Cheast of Gem', 6000, 'A$65.99'],
      [6, 'Vault of Gem', 10000, 'A$85.99'],
    ]);
  });

  it('gives each pack its own image and id', () => {
    expect(new Set(GEM_PACKS.map((pack) => pack.image)).size).toBe(6);
    expect(new Set(GEM_PACKS.map((pack) => pack.id)).size).toBe(6);
  });

  it('finds a pack by its id as number or query text, and nothing else', () => {
    expect(findPack(3)?.title).toBe('Pouch of Gem');
    expect(findPack('6')?.title).toBe('Vault of Gem');
    for (const bad of ['99', '0', '', '3abc', '-1', '1.5', ' 3', 'javascript:alert(1)', null, undefined]) {
      expect(findPack(bad)).toBeUndefined();
    }
  });

  it('turns cents into the gateway amount without float error', () => {
    expect(gatewayAmount(1599)).toBe('15.99');
    expect(gatewayAmount(8599)).toBe('85.99');
  });
});

describe('gem counts, written one way', () => {
  it('are grouped by thousands as en-AU writes them, whole or not', () => {
    const enAu = new Intl.NumberFormat('en-AU');
    const counts = [0, 7, 999, 1000, 3500, 10000, 99999, 100000, 1234567, 1000000000, Number.MAX_SAFE_INTEGER, -1, -1500, -1234567, 1234.5, -0.25, 1e21];
    for (const count of counts) expect(formatGemCount(count)).toBe(enAu.format(count));
    expect(formatGemCount(3500)).toBe('3,500');
  });
});

describe('money, written one way', () => {
  it('is A$ and two decimals everywhere, with the GST in it where it matters', () => {
    expect(formatAud(4599)).toBe('A$45.99');
    expect(formatAud(600)).toBe('A$6.00');
    expect(formatAud(0)).toBe('A$0.00');
    expect(formatAud(123456789)).toBe('A$1,234,567.89');
    expect(formatAud(-4599)).toBe('-A$45.99');
    expect(formatAud(-100000)).toBe('-A$1,000.00');
    expect(`${formatAud(4599)} ${gstNote(4599)}`).toBe('A$45.99 (incl. A$4.18 GST)');
    expect(gstNote(4599)).toBe('(incl. A$4.18 GST)');
  });
});

describe('GST and value', () => {
  it('takes one eleventh of every catalogue price, rounded to the cent', () => {
    expect(GEM_PACKS.map((pack) => [formatAud(pack.priceCents), formatAud(gstOfCents(pack.priceCents))])).toEqual([
      ['A$15.99', 'A$1.45'],
      ['A$25.99', 'A$2.36'],
      ['A$45.99', 'A$4.18'],
      ['A$55.99', 'A$5.09'],
      ['A$65.99', 'A$6.00'],
      ['A$85.99', 'A$7.82'],
    ]);
  });

  it('rounds half a cent up and stays exact at the edges', () => {
    expect(gstOfCents(0)).toBe(0);
    expect(gstOfCents(11)).toBe(1);
    expect(gstOfCents(5)).toBe(0);
    expect(gstOfCents(6)).toBe(1);
    expect(gstOfCents(1100)).toBe(100);
  });

  it('prices 100 gems of each pack and marks the cheapest per gem as best value', () => {
    expect(GEM_PACKS.map((pack) => centsPer100Gems(pack))).toEqual([160, 173, 131, 102, 110, 86]);
    expect(BEST_VALUE_PACK_ID).toBe(6);
  });
});
