import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { NOT_FOUND_PAGE, paymentSuccessPath, PRERENDERED_PAGES, receiptPath, ROUTES } from '../../src/shared/routes';
import { SCRIPTS_AFTER_PAINT_META } from '../../src/client/lib/scriptsAfterPaint';
import { isReadingPage } from '../../scripts/build/routeChunks';
import { openPage, pageErrors, sharedBrowser, storeUrl } from '../../scripts/browser/browser';
import { sharedStackPublicConfig } from '../../scripts/stack/testing/sharedStackSettings';
import { EARLY_INPUT_SCRIPT } from '../../src/shared/earlyInput';
import { SIGNED_IN_MARKER_SCRIPT } from '../../src/shared/signedInMarker';
import { projectRoot } from '../../scripts/stack/testing/throwawayStack';

jest.setTimeout(120_000);

const browser = sharedBrowser();

const config = sharedStackPublicConfig();
const PAGES = Object.keys(PRERENDERED_PAGES).filter((page) => page !== NOT_FOUND_PAGE);
/** The heading font's preload, which every page carries (the plain one too). */
const HEADING_FONT_PRELOAD = /<link rel="preload" href="\/static\/media\/cinzel-latin-700-normal\.[0-9a-f]+\.woff2" as="font" type="font\/woff2" crossorigin>/;
/** What the root element of a served page holds (without the comments React puts between text nodes). */
const rootOf = (html: string) => (/<div id="?root"?>([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '').replace(/<!-- -->/g, '');
const SCRIPT_PRELOAD = /<link rel="preload" href="\/static\/js\/\d+\.[0-9a-f]+\.js" as="script">/;
/** The scripts a page that is read names for after its first paint. */
const scriptsAfterPaintOf = (html: string) =>
  (new RegExp(`<meta name="${SCRIPTS_AFTER_PAINT_META}" content="([^"]*)">`).exec(html)?.[1] ?? '').split(' ').filter(Boolean);

describe('prerendered pages', () => {
  it.each(PAGES)('%s arrives rendered, with its styles inline, its chunks named and the server’s settings in it', async (page) => {
    const response = await fetch(storeUrl(page));
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(rootOf(html)).toMatch(/<header[\s\S]*<main[\s\S]*<h1[\s\S]*<footer/);
    expect(html).toMatch(/<style data-styled="true"/);
    // A page that is used preloads its scripts; a page that is read names them for after its first paint.
    if (isReadingPage(page)) {
      expect(html).not.toMatch(SCRIPT_PRELOAD);
      expect(scriptsAfterPaintOf(html).length).toBeGreaterThan(1);
    } else {
      expect(html).toMatch(SCRIPT_PRELOAD);
      expect(scriptsAfterPaintOf(html)).toEqual([]);
    }
    expect(html).toMatch(HEADING_FONT_PRELOAD);
    expect(html).not.toMatch(/__WCCFG_|__APP_CONFIG__/);
    expect(html).toContain(`<title>`);
    expect(rootOf(html)).toContain(config.gameName);
    expect(rootOf(html)).toContain(`mailto:${config.supportEmail}`);
    expect(rootOf(html)).toContain(`© ${config.currentYear} ${config.companyName}`);
  });

  it('an unknown address gets the prerendered not-found page with 404; an address with a query gets the plain page', async () => {
    const missing = await fetch(storeUrl('/dragons-lair'));
    expect(missing.status).toBe(404);
    expect(rootOf(await missing.text())).toContain('Lost in the wilds');
    const withQuery = await fetch(storeUrl(`${ROUTES.shop}?item=3`));
    expect(withQuery.status).toBe(200);
    const plain = await withQuery.text();
    expect(rootOf(plain)).toBe('');
    // The plain page (every signed-in page) preloads the heading font too: a heading that comes with its data
    // paints in it, instead of in the fallback face and then moving as the font swaps in.
    expect(plain).toMatch(HEADING_FONT_PRELOAD);
  });

  it('a page that is not prerendered (signed in, or asked with a query) preloads its own chunks with the app’s', async () => {
    const scriptPreloads = async (path: string) => {
      const html = await (await fetch(storeUrl(path))).text();
      expect([path, rootOf(html)]).toEqual([path, '']);
      return [...html.matchAll(/<link rel="preload" href="(\/static\/js\/[^"]+)" as="script">/g)].map((match) => match[1]!);
    };
    const app = await scriptPreloads('/index.html');
    for (const path of [ROUTES.orders, receiptPath('WC-TEST'), paymentSuccessPath('WC-TEST'), `${ROUTES.shop}?item=3`]) {
      const preloads = await scriptPreloads(path);
      expect(preloads).toEqual(expect.arrayContaining(app));
      expect([path, preloads.length > app.length]).toEqual([path, true]);
    }
    // The receipt's chunks are its own (its page), not the orders list's.
    expect(await scriptPreloads(receiptPath('WC-TEST'))).not.toEqual(await scriptPreloads(ROUTES.orders));
  });

  it('every script a page loads starts with V8’s compile hint, its source map in step; the Firebase worker’s do not', async () => {
    const HINT = '//# allFunctionsCalledOnLoad\n';
    const scriptsDir = path.join(projectRoot, 'dist', 'static', 'js');
    const pageScripts = new Set<string>();
    for (const page of [...PAGES, '/index.html', receiptPath('WC-TEST')]) {
      const html = await (await fetch(storeUrl(page))).text();
      for (const match of html.matchAll(/\/static\/js\/([^"\s]+\.js)/g)) pageScripts.add(match[1]!);
    }
    expect(pageScripts.size).toBeGreaterThan(5);
    for (const file of pageScripts) {
      const lines = fs.readFileSync(path.join(scriptsDir, file), 'utf8').split('\n');
      const mappedLines = JSON.parse(fs.readFileSync(path.join(scriptsDir, `${file}.map`), 'utf8')).mappings.split(';');
      // The hint's own line maps to nothing; the chunk's code (its longest line) maps to its sources.
      const codeLine = lines.reduce((longest, line, index) => (line.length > lines[longest]!.length ? index : longest), 0);
      expect([file, `${lines[0]}\n`, mappedLines[0], mappedLines[codeLine] !== '']).toEqual([file, HINT, '', true]);
    }
    const workerScripts = fs
      .readdirSync(scriptsDir)
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, code: fs.readFileSync(path.join(scriptsDir, file), 'utf8') }))
      .filter(({ code }) => code.includes('firestore.googleapis.com'));
    expect(workerScripts.length).toBeGreaterThan(0);
    for (const { file, code } of workerScripts) expect([file, code.startsWith(HINT)]).toEqual([file, false]);
  });

  it('a page that is read downloads the app’s scripts and its own after its first paint, and hydrates', async () => {
    const page = await openPage(browser());
    for (const path of [ROUTES.home, ROUTES.refundPolicy]) {
      const named = scriptsAfterPaintOf(await (await fetch(storeUrl(path))).text());
      expect([path, named.length > 1]).toEqual([path, true]);
      await page.goto(storeUrl(path));
      const { firstPaint, scripts } = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
        scripts: performance.getEntriesByType('resource').map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
      }));
      const namedLoads = scripts.filter((script) => named.includes(script.path));
      expect([path, [...new Set(namedLoads.map((script) => script.path))].sort()]).toEqual([path, [...named].sort()]);
      for (const script of namedLoads) expect([path, script.path, script.startTime > firstPaint]).toEqual([path, script.path, true]);
    }
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('reads without JavaScript: the heading, the links and the footer are there', async () => {
    const page = await browser().newPage({ javaScriptEnabled: false });
    for (const path of [ROUTES.home, ROUTES.shop, ROUTES.refundPolicy]) {
      await page.goto(storeUrl(path));
      await page.locator('main h1').waitFor();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('contentinfo').innerText()).resolves.toContain(config.companyName);
    }
    await expect(page.locator('main').innerText()).resolves.toContain('Refund');
    await page.close();
  });

  it('hydrates every page without a mismatch, a script error or a refused inline script', async () => {
    const page = await openPage(browser());
    for (const path of [...PAGES, '/dragons-lair']) {
      await page.goto(storeUrl(path));
      await page.locator('main h1').waitFor();
    }
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('allows the page’s two inline scripts (the signed-in marker, the early input’s keeper) by their hashes, and no other', async () => {
    const response = await fetch(storeUrl(ROUTES.home));
    const html = await response.text();
    const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toEqual([SIGNED_IN_MARKER_SCRIPT, EARLY_INPUT_SCRIPT]);
    const hashes = inline.map((script) => `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`);
    const scriptSources = /script-src ([^;]+)/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    expect(scriptSources).toBe(`'self' ${hashes.join(' ')}`);
  });

  it('shows a signed-in player their links from the first paint, before any of the app’s code runs', async () => {
    const context = await browser().newContext({ javaScriptEnabled: true, viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => localStorage.setItem('user', JSON.stringify({ uid: 'u-1', email: 'king@wyrmcrown.example' })));
    // The app's scripts never load: what shows is the prerendered page and the inline marker alone.
    await context.route('**/static/js/**', (route) => route.abort());
    const page = await context.newPage();
    await page.goto(storeUrl(ROUTES.home));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Account' }).isVisible()).resolves.toBe(true);
    await expect(nav.getByRole('button', { name: 'Sign out' }).isVisible()).resolves.toBe(true);
    await expect(nav.getByRole('link', { name: 'Sign In' }).count()).resolves.toBe(0);
    await context.close();
  });
});
