import fs from 'node:fs';
import path from 'node:path';
import { sourcesUnder } from './importCycles';

// Every saga's concurrency is a choice (a dropped click was once the price of the wrong one): each takeLeading,
// takeLatest or takeEvery says why, in a comment just above it or above the run of them it belongs to.
describe('saga watchers', () => {
  it('each say their concurrency choice in a comment beside them', () => {
    const unexplained: string[] = [];
    for (const [file, source] of sourcesUnder(path.resolve(__dirname, '../../src/client'))) {
      const lines = source.split('\n');
      lines.forEach((line, index) => {
        if (!/\byield take(Leading|Latest|Every)\(/.test(line)) return;
        // Up through the run of watchers and blank lines to the nearest other line: it must be a comment.
        let above = index - 1;
        while (above >= 0 && /\byield take(Leading|Latest|Every)\(|^\s*$/.test(lines[above]!)) above -= 1;
        if (!/^\s*(\/\/|\*|\/\*\*)/.test(lines[above] ?? '')) unexplained.push(`${file}:${index + 1}`);
      });
    }
    expect(unexplained).toEqual([]);
    expect(fs.existsSync(path.resolve(__dirname, '../../src/client'))).toBe(true);
  });
});
