import fs from 'node:fs';
import path from 'node:path';

// docs/architecture.md is a newcomer's map: every room of the code is on it, under the name the code gives it.
const root = path.resolve(__dirname, '../..');
const page = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
const foldersIn = (folder: string) => fs.readdirSync(path.join(root, folder), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

describe('docs/architecture.md', () => {
  it('names every server folder as the code does', () => {
    expect(foldersIn('src/server').filter((folder) => !page.includes(`${folder}/`))).toEqual([]);
  });

  it('names every client feature as the code does', () => {
    const listed = /`features\/<feature>\/` \(([^)]*)\)/.exec(page)?.[1] ?? '';
    const named = (feature: string) => new RegExp(`\\b${feature.replace(/([A-Z])/g, (letter) => `[-\\s]?${letter.toLowerCase()}`)}\\b`, 'i').test(listed);
    expect(foldersIn('src/client/features').filter((feature) => !named(feature))).toEqual([]);
  });

  it('defines the customer’s slice names and the words a newcomer meets', () => {
    for (const word of ['order', 'transaction', 'payment', 'checkout', 'credit', 'dispute', 'game event', 'link session', 'store session', 'player tag', 'overview', 'staff', 'ledger', 'player', 'provider answer', 'check']) {
      expect([word, page.includes(`| **${word}** |`)]).toEqual([word, true]);
    }
  });
});
