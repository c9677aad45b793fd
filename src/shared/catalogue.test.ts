import { centsPer100Gems, findPack, nextShelfChange, shelfAt, type Catalogue, type GemPack } from './catalogue';
import { BEST_VALUE_BADGE, STARTING_PACKS } from './startingCatalogue';
import { formatAud, formatGemCount, gstNote, gatewayAmount, gstOfCents } from './money';

describe('the gem pack catalogue', () => {
  it('holds the six packs of the spec, shown gems = credited gems', () => {
    expect(STARTING_PACKS.map(({ id, title, gemCount, priceCents }) => [id, title, gemCount, formatAud(priceCents)])).toEqual([
      [1, 'Tiny of Gem', 1000, 'A$15.99'],
      [2, 'Fistful of Gem', 1500, 'A$25.99'],
      [3, 'Pouch of Gem', 3500, 'A$45.99'],
      [4, 'Box of Gem', 5500, 'A$55.99'],
      [5, 'Cheast of Gem', 6000, 'A$65.99'],
      [6, 'Vault of Gem', 10000, 'A$85.99'],
    ]);
  });

  it('gives each pack its own image and id', () => {
    expect(new Set(STARTING_PACKS.map((pack) => pack.image)).size).toBe(6);
    expect(new Set(STARTING_PACKS.map((pack) => pack.id)).size).toBe(6);
  });

  it('finds a pack by its id as number or query text, and nothing else', () => {
    expect(findPack(STARTING_PACKS, 3)?.title).toBe('Pouch of Gem');
    expect(findPack(STARTING_PACKS, '6')?.title).toBe('Vault of Gem');
    for (const bad of ['99', '0', '', '3abc', '-1', '1.5', ' 3', 'javascript:alert(1)', null, undefined]) {
      expect(findPack(STARTING_PACKS, bad)).toBeUndefined();
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
    expect(STARTING_PACKS.map((pack) => [formatAud(pack.priceCents), formatAud(gstOfCents(pack.priceCents))])).toEqual([
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

  it('prices 100 gems of each pack, and the cheapest per gem wears the best-value badge, alone', () => {
    const perGems = STARTING_PACKS.map((pack) => centsPer100Gems(pack));
    expect(perGems).toEqual([160, 173, 131, 102, 110, 86]);
    const cheapest = STARTING_PACKS[perGems.indexOf(Math.min(...perGems))]!;
    expect(STARTING_PACKS.filter((pack) => pack.badge).map((pack) => [pack.id, pack.badge])).toEqual([[cheapest.id, BEST_VALUE_BADGE]]);
  });
});

describe('the shelf of a catalogue', () => {
  const pack = (id: number, schedule: Pick<GemPack, 'startsAt' | 'endsAt'> = {}): GemPack => ({ ...STARTING_PACKS[0]!, id, ...schedule });
  const catalogue: Catalogue = { version: 4, packs: [pack(1), pack(7, { startsAt: 1_000, endsAt: 2_000 }), pack(8, { endsAt: 1_500 }), pack(9, { startsAt: 3_000 })] };
  const shelfIds = (now: number) => shelfAt(catalogue, now).map((each) => each.id);

  it('holds a pack from its start, up to but not at its end, in the catalogue’s order', () => {
    expect(shelfIds(999)).toEqual([1, 8]);
    expect(shelfIds(1_000)).toEqual([1, 7, 8]);
    expect(shelfIds(1_500)).toEqual([1, 7]);
    expect(shelfIds(2_000)).toEqual([1]);
    expect(shelfIds(3_000)).toEqual([1, 9]);
  });

  it('names the next moment a schedule changes it, and none once none will', () => {
    expect(nextShelfChange(catalogue, 0)).toBe(1_000);
    expect(nextShelfChange(catalogue, 1_000)).toBe(1_500);
    expect(nextShelfChange(catalogue, 2_000)).toBe(3_000);
    expect(nextShelfChange(catalogue, 3_000)).toBeNull();
  });
});
