import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sourcesUnder } from './importCycles';
import { duplicatedBlocks, LIMITS, longFiles, longFunctions } from './ratchets';
import recorded from './ratchets.json';

// What eroded can only go down: each number here is held against ratchets.json. A change that makes one worse fails;
// a change that makes one better lowers it there too (the test says to), so it cannot creep back.
const src = path.resolve(__dirname, '../../src');

function heldAt(name: keyof typeof recorded, measured: number, places: string[]) {
  const held = recorded[name];
  if (measured > held) throw new Error(`${name}: ${measured}, over the ${held} in scripts/checks/ratchets.json. Write it once, or split it:\n${places.join('\n')}`);
  if (measured < held) throw new Error(`${name}: ${measured}, under the ${held} in scripts/checks/ratchets.json: lower it there to ${measured}, so it stays down.`);
}

describe('the ratchets over src', () => {
  const sources = sourcesUnder(src);

  it('duplicated blocks (jscpd, six lines or more, tests included)', () => {
    const clones = duplicatedBlocks(src);
    heldAt('duplicatedBlocks', clones.length, clones.map((clone) => `${clone.first} ~ ${clone.second} (${clone.lines} lines)`));
  });

  it(`functions over ${LIMITS.functionMaxLines} lines (tests aside)`, () => {
    const long = longFunctions(sources);
    heldAt('functionsOver100Lines', long.length, long);
  });

  it(`files over ${LIMITS.fileMaxLines} lines (tests aside)`, () => {
    const long = longFiles(sources);
    heldAt('filesOver250Lines', long.length, long);
  });
});

describe('the ratchets bite', () => {
  const lines = (count: number, line: (index: number) => string) => Array.from({ length: count }, (_, index) => line(index)).join('\n');

  it('on a planted duplicate block: the same six lines in two files are one pair', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ratchet-'));
    try {
      const block = lines(6, (index) => `  const total${index} = order.amount * ${index + 2} + order.fee - order.discount;`);
      fs.writeFileSync(path.join(root, 'a.ts'), `export function a(order: { amount: number; fee: number; discount: number }) {\n${block}\n  return total0;\n}\n`);
      fs.writeFileSync(path.join(root, 'b.ts'), `export function b(order: { amount: number; fee: number; discount: number }) {\n${block}\n  return total1;\n}\n`);
      expect(duplicatedBlocks(root).map((clone) => [clone.first.split(':')[0], clone.second.split(':')[0]].sort())).toEqual([['a.ts', 'b.ts']]);
      fs.writeFileSync(path.join(root, 'b.ts'), 'export const b = 1;\n');
      expect(duplicatedBlocks(root)).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('on a planted 101-line function, and not on a 100-line one', () => {
    const fn = (total: number) => `export function planted() {\n${lines(total - 2, (index) => `  console.log(${index});`)}\n}\n`;
    expect(longFunctions(new Map([['planted.ts', fn(101)]]))).toEqual(['planted.ts:1 planted (101 lines)']);
    expect(longFunctions(new Map([['planted.ts', fn(100)]]))).toEqual([]);
    const arrow = `export const planted = () => {\n${lines(99, (index) => `  console.log(${index});`)}\n};\n`;
    expect(longFunctions(new Map([['planted.tsx', arrow]]))).toEqual(['planted.tsx:1 planted (101 lines)']);
  });

  it('on a planted 251-line file, and not on a 250-line one', () => {
    const file = (total: number) => `${lines(total, (index) => `export const line${index} = ${index};`)}\n`;
    expect(longFiles(new Map([['planted.ts', file(251)]]))).toEqual(['planted.ts (251 lines)']);
    expect(longFiles(new Map([['planted.ts', file(250)]]))).toEqual([]);
  });
});
