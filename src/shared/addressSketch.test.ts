import crypto from 'node:crypto';
import { addHash, emptySketch, estimateDistinct, mergeSketches, sketchFromText, sketchToText } from './addressSketch';

const hashOf = (value: string) => new Uint8Array(crypto.createHash('sha256').update(value).digest());
const sketchOf = (values: string[]) => {
  const sketch = emptySketch();
  for (const value of values) addHash(sketch, hashOf(value));
  return sketch;
};
const addresses = (count: number, from = 0) => Array.from({ length: count }, (_unused, index) => `198.51.${Math.floor((from + index) / 256)}.${(from + index) % 256}`);

describe('the address sketch (HyperLogLog, 1,024 registers)', () => {
  it('counts distinct addresses within about 10 %, however often each is seen', () => {
    for (const count of [1, 7, 28, 400, 5_000, 60_000]) {
      const seen = addresses(count);
      const estimate = estimateDistinct(sketchOf([...seen, ...seen, ...seen]));
      expect(Math.abs(estimate - count) / count).toBeLessThanOrEqual(0.1);
    }
    expect(estimateDistinct(emptySketch())).toBe(0);
  });

  it('merges instances’ sketches into the sketch of everything they saw, an address seen by both counted once', () => {
    const first = sketchOf(addresses(300));
    const second = sketchOf(addresses(300, 200));
    const estimate = estimateDistinct(mergeSketches(first, second));
    expect(Math.abs(estimate - 500) / 500).toBeLessThanOrEqual(0.1);
  });

  it('travels as base64, and reads junk as empty', () => {
    const sketch = sketchOf(addresses(50));
    expect(sketchFromText(sketchToText(sketch))).toEqual(sketch);
    expect(estimateDistinct(sketchFromText('not a sketch'))).toBe(0);
    expect(estimateDistinct(sketchFromText(42))).toBe(0);
  });
});
