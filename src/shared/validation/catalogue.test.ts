import { centsOfPriceText, packImageTypeOf } from './catalogue';

describe('an uploaded pack image', () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);
  const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

  it('is a PNG, a JPEG or a WebP by its first bytes, whatever it is called', () => {
    expect(packImageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('image/png');
    expect(packImageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(packImageTypeOf(bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WEBPVP8 ')))).toBe('image/webp');
  });

  it('is nothing else: a GIF, an SVG, a truncated header, a RIFF that is not WebP, nothing at all', () => {
    for (const other of [bytes(...ascii('GIF89a')), bytes(...ascii('<svg xmlns')), bytes(0x89, 0x50, 0x4e), bytes(...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVE')), bytes()]) {
      expect(packImageTypeOf(other)).toBeNull();
    }
  });
});

describe('a price as staff type it', () => {
  it('is whole cents of A$, or not a price', () => {
    expect(['39.99', '40', '40.5', 'A$1,000'.replace(',', ''), '$0.01'].map(centsOfPriceText)).toEqual([3999, 4000, 4050, 100_000, 1]);
    for (const text of ['39.999', '', 'forty', '-1', '1e3', '39.']) expect(centsOfPriceText(text)).toBeNaN();
  });
});
