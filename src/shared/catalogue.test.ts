import { BEST_VALUE_PACK_ID, centsPer100Gems, findPack, formatPrice, GEM_PACKS, gatewayAmount, gstOfCents } from './catalogue';

describe('the gem pack catalogue', () => {
  it('holds the six packs of the spec, shown gems = credited gems', () => {
    expect(GEM_PACKS.map(({ id, title, gemCount, priceCents }) => [id, title, gemCount, formatPrice(priceCents)])).toEqual([
      [1, 'Tiny of Gem', 1000, '$15.99'],
      [2, 'Fistful of Gem', 1500, '$25.99'],
      [3, 'Pouch of Gem', 3500, '$45.99'],
      [4, 'Box of Gem', 5500, '$55.99'],
      [5, 'Cheast of Gem', 6000, '$65.99'],
      [6, 'Vault of Gem', 10000, '$85.99'],
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

describe('GST and value', () => {
  it('takes one eleventh of every catalogue price, rounded to the cent', () => {
    expect(GEM_PACKS.map((pack) => [formatPrice(pack.priceCents), formatPrice(gstOfCents(pack.priceCents))])).toEqual([
      ['$15.99', '$1.45'],
      ['$25.99', '$2.36'],
      ['$45.99', '$4.18'],
      ['$55.99', '$5.09'],
      ['$65.99', '$6.00'],
      ['$85.99', '$7.82'],
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
