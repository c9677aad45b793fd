import fs from 'node:fs';
import path from 'node:path';
import { SANDBOX_PRIVATE_KEY } from '../../src/server/config/settings';
import { storeUrl } from '../../scripts/browser/browser';
import { sharedStackSettings } from '../../scripts/stack/testing/sharedStackSettings';
import { projectRoot } from '../../scripts/stack/testing/throwawayStack';

/** Every file under a folder, as text. */
function filesUnder(dir: string): Array<{ file: string; text: string }> {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [{ file: full, text: fs.readFileSync(full, 'latin1') }];
  });
}

describe('the merchant private key', () => {
  const key = sharedStackSettings().MERCHANT_PRIVATE_KEY;

  it('is the one the test stack signs with', () => {
    expect(key).toBe(SANDBOX_PRIVATE_KEY);
  });

  it('appears nowhere in the built client (dist/, source maps included)', () => {
    const files = filesUnder(path.join(projectRoot, 'dist'));
    expect(files.some(({ file }) => file.endsWith('.js'))).toBe(true);
    expect(files.filter(({ text }) => text.includes(key)).map(({ file }) => file)).toEqual([]);
    expect(files.filter(({ text }) => /MERCHANT_PRIVATE_KEY|crypto-js/.test(text)).map(({ file }) => file)).toEqual([]);
  });

  it('is not in the page the server sends with its config', async () => {
    for (const page of ['/', '/shop?item=3', '/payment-success']) {
      const html = await (await fetch(storeUrl(page))).text();
      expect(html).toContain('"gameName"');
      expect(html).not.toContain(key);
      expect(html).not.toMatch(/merchant|MERCHANT/);
    }
  });
});
