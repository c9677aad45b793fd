import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sourceFingerprint } from './main';

function makeProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fingerprint-'));
  fs.mkdirSync(path.join(root, 'src', 'client'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src', 'client', 'index.tsx'), 'export {};');
  fs.writeFileSync(path.join(root, 'webpack.config.js'), 'module.exports = {};');
  return root;
}

describe('the build fingerprint', () => {
  it('is stable while the sources stay the same', () => {
    const root = makeProject();
    expect(sourceFingerprint(root)).toBe(sourceFingerprint(root));
  });

  it('changes when a client source changes or is added', () => {
    const root = makeProject();
    const before = sourceFingerprint(root);
    fs.writeFileSync(path.join(root, 'src', 'client', 'index.tsx'), 'export const changed = 1;');
    const edited = sourceFingerprint(root);
    expect(edited).not.toBe(before);
    fs.writeFileSync(path.join(root, 'src', 'client', 'extra.ts'), 'export {};');
    expect(sourceFingerprint(root)).not.toBe(edited);
  });

  it('ignores tests and server code, which are not in the client bundle', () => {
    const root = makeProject();
    const before = sourceFingerprint(root);
    fs.writeFileSync(path.join(root, 'src', 'client', 'index.test.tsx'), 'test');
    fs.mkdirSync(path.join(root, 'src', 'server'));
    fs.writeFileSync(path.join(root, 'src', 'server', 'main.ts'), 'export {};');
    expect(sourceFingerprint(root)).toBe(before);
  });
});
