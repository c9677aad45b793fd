import fs from 'node:fs';
import path from 'node:path';
import type { StatsCompilation } from 'webpack';
import { loadSettings } from '../../src/server/config/settings';
import { toPublicConfig } from '../../src/server/config/publicConfig';
import { fixedSettingsOf, tokenizedConfig } from '../../src/server/http/configTokens';
import { RENDERER_FILE, SHELF_PAGES, type PrerenderManifest, type PrerenderShell } from '../../src/server/http/spa';
import { fillShell, renderPageInChild, SHELL_MARKS, shelfKeyOf } from '../../src/server/http/pageRenderer';
import { shelfResponseAt } from '../../src/shared/catalogue';
import { STARTING_CATALOGUE } from '../../src/shared/startingCatalogue';
import { NOT_FOUND_PAGE, PRERENDERED_PAGES } from '../../src/shared/routes';
import { mapWithConcurrency } from '../../src/server/lib/mapWithConcurrency';
import { SCRIPTS_AFTER_PAINT_META } from '../../src/client/lib/scriptsAfterPaint';
import { APP_CHUNK_GROUP, isReadingPage, PAGE_CHUNK_GROUPS, SAGA_RUNTIME_CHUNK_GROUP, scriptsOf } from './routeChunks';

/** Where the prerendered pages and their manifest go, under dist/. */
export const PRERENDER_DIR = 'prerendered';
export const PRERENDER_MANIFEST = 'manifest.json';

/** The address the not-found page is rendered at: no route but the catch-all matches it. */
const NOT_FOUND_PATH = '/__prerendered-not-found__';

/**
 * dist/index.html as the base of `page`: its entry's script and the app's preloads stay; the saga runtime's
 * preloads (which the plain page carries for the signed-in pages) stay only where the page needs that runtime:
 * a page with features, which is every page but those that are read.
 */
function templateFor(stats: StatsCompilation, template: string, page: string): string {
  if (!isReadingPage(page)) return template;
  const appScripts = scriptsOf(stats, APP_CHUNK_GROUP);
  return scriptsOf(stats, SAGA_RUNTIME_CHUNK_GROUP)
    .filter((file) => !appScripts.includes(file))
    .reduce((html, file) => html.replace(`<link rel="preload" href="/${file}" as="script">`, ''), template);
}

/**
 * The head's extras: the page's JavaScript preloaded, its styles inline. The entry's and the app's scripts are
 * in index.html already (the entry's tags, the app's and the saga runtime's preloads), as is the heading font's.
 */
function headExtras(stats: StatsCompilation, page: string, styles: string): string {
  const inTemplate = new Set([
    ...(stats.entrypoints?.main?.assets ?? []).map((asset) => asset.name),
    ...scriptsOf(stats, APP_CHUNK_GROUP),
    ...scriptsOf(stats, SAGA_RUNTIME_CHUNK_GROUP),
  ]);
  const scripts = (PAGE_CHUNK_GROUPS[page] ?? []).flatMap((group) => scriptsOf(stats, group)).filter((file) => !inTemplate.has(file));
  return [
    ...[...new Set(scripts)].map((file) => `<link rel="preload" href="/${file}" as="script">`),
    styles,
  ].join('');
}

/**
 * dist/index.html as the shell of a page: its head's extras in, and marks where the rendered page goes
 * (pageRenderer's fillShell puts it there, here and in the server that renders the shop again for a new shelf).
 */
function shellOf(template: string, extras: string): string {
  const root = /<div id="?root"?><\/div>/;
  if (!root.test(template) || !/<title>[^<]*<\/title>/.test(template)) throw new Error('dist/index.html has no empty #root or no <title>.');
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${SHELL_MARKS.title}</title>`)
    .replace('</head>', () => `${extras}</head>`)
    .replace(root, () => `<div id="root">${SHELL_MARKS.html}</div>`);
}

const SCRIPT_PRELOAD = /<link rel="preload" href="([^"]+)" as="script">/g;

/**
 * A page that is read, with its scripts' preloads turned into the list its entry preloads once its first paint is
 * on the screen (src/client/lib/scriptsAfterPaint.ts), so that paint has the connection to itself.
 */
function scriptsAfterPaint(html: string): string {
  const scripts = [...html.matchAll(SCRIPT_PRELOAD)].map((match) => match[1]!);
  return html
    .replace(SCRIPT_PRELOAD, '')
    .replace('</head>', () => `<meta name="${SCRIPTS_AFTER_PAINT_META}" content="${scripts.join(' ')}"></head>`);
}

/**
 * The plain page (nothing rendered in it) for each route with chunks of its own, preloading them: a signed-in
 * page, or a public one asked for with a query, downloads its page's chunks alongside the app's instead of
 * after the app has run and asked for them. Answers route → file.
 */
function writePlainPages(stats: StatsCompilation, template: string, outDir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const route of Object.keys(PAGE_CHUNK_GROUPS).filter((page) => page !== NOT_FOUND_PAGE)) {
    const file = `plain${route === '/' ? '-home' : route.replace(/[^\w]+/g, '-')}.html`;
    fs.writeFileSync(path.join(outDir, file), templateFor(stats, template, route).replace('</head>', () => `${headExtras(stats, route, '')}</head>`));
    files[route] = file;
  }
  return files;
}

/**
 * Renders every page of PRERENDERED_PAGES with the build-time renderer (dist-prerender/renderPage.js), one
 * process per page, and writes each into dist/prerendered/ with a manifest the server reads; a page that shows the
 * shelf also as its shell, which the server fills again when the published shelf differs from the one rendered.
 */
export async function prerenderPages(projectRoot: string, stats: StatsCompilation): Promise<PrerenderManifest> {
  const distDir = path.join(projectRoot, 'dist');
  const outDir = path.join(distDir, PRERENDER_DIR);
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const config = toPublicConfig(loadSettings(projectRoot));
  const renderer = path.join(projectRoot, RENDERER_FILE);
  // The shop shows the catalogue a new store starts with; the server renders it again for the shelf published.
  const shelf = shelfResponseAt(STARTING_CATALOGUE, Date.now());
  const shells: Record<string, PrerenderShell> = {};
  const entries = Object.entries(PRERENDERED_PAGES);
  const outcomes = await mapWithConcurrency(entries, 2, async ([page, file]) => {
    const rendered = await renderPageInChild(renderer, page === NOT_FOUND_PAGE ? NOT_FOUND_PATH : page, tokenizedConfig(config), shelf);
    const shell = shellOf(templateFor(stats, template, page), headExtras(stats, page, SHELL_MARKS.styles));
    const html = fillShell(shell, rendered);
    fs.writeFileSync(path.join(outDir, file), isReadingPage(page) ? scriptsAfterPaint(html) : html);
    if (SHELF_PAGES.includes(page)) {
      if (isReadingPage(page)) throw new Error(`${page} shows the shelf, so it cannot be a page that is only read.`);
      const shellFile = `shell-${file}`;
      fs.writeFileSync(path.join(outDir, shellFile), shell);
      shells[page] = { file: shellFile, shelfKey: shelfKeyOf(shelf) };
    }
  });
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed?.status === 'rejected') throw new Error(`Prerendering failed: ${(failed.reason as Error).message}`);
  const manifest: PrerenderManifest = { pages: PRERENDERED_PAGES, plainPages: writePlainPages(stats, template, outDir), fixedSettings: fixedSettingsOf(config), shells };
  fs.writeFileSync(path.join(outDir, PRERENDER_MANIFEST), JSON.stringify(manifest, null, 2));
  return manifest;
}
