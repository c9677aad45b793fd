import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { shelfResponseAt } from '../../shared/catalogue';
import { STARTING_CATALOGUE } from '../../shared/startingCatalogue';
import type { ShelfResponse } from '../../shared/api';
import { NOT_FOUND_PAGE, ROUTES, routeOf } from '../../shared/routes';
import { PAGE_SHELF_PLACEHOLDER, type PublicConfig } from '../../shared/publicConfig';
import { yearIn } from '../../shared/storeTime';
import { renderIndexHtml, toScriptSafeJson } from '../config/publicConfig';
import { fillTokens, fixedSettingsOf, tokenizedConfig } from './configTokens';
import { fillShell, renderPageInChild, shelfKeyOf } from './pageRenderer';

/** The build-time renderer, beside dist/: the server runs it again to render a shelf page for a new shelf. */
export const RENDERER_FILE = path.join('dist-prerender', 'renderPage.js');

/** The prerendered pages that show the shelf (the published packs). */
export const SHELF_PAGES: readonly string[] = [ROUTES.shop];

/** A shelf page's shell (its file under prerendered/) and the shelf its prerendered page shows. */
export interface PrerenderShell {
  file: string;
  shelfKey: string;
}

/** Where the pages' shelf comes from: the published catalogue's copy on this instance. */
export interface ShelfSource {
  /** The shelf now. */
  current(): ShelfResponse;
  /** Called when the published version changes, so a shelf page is rendered before its next visit asks. */
  onChange(listener: () => void): void;
}

/** dist/prerendered/manifest.json, as scripts/build/prerender.ts writes it. */
export interface PrerenderManifest {
  /** Page path (or NOT_FOUND_PAGE) → its prerendered file. */
  pages: Record<string, string>;
  /** Route (routeOf) → its plain page, nothing rendered in it but its chunks preloaded. */
  plainPages: Record<string, string>;
  /** The settings the prerendered pages carry as they are (fixedSettingsOf): a server with others serves plain pages. */
  fixedSettings: string;
  /** Page → its shell, for the pages that show the shelf (SHELF_PAGES). */
  shells: Record<string, PrerenderShell>;
}

interface Prerendered {
  pages: Map<string, string>;
  plainPages: Map<string, string>;
  shells: Map<string, PrerenderShell & { html: string }>;
}

/**
 * The prerendered pages, with the server's text settings in place of the build's tokens; none when the
 * build has no pages, or carries settings (the landing animation's length) other than this server's, in
 * which case every page is the plain one and renders in the browser.
 */
function loadPrerendered(distDir: string, config: PublicConfig, warn: (message: string) => void): Prerendered {
  const manifestPath = path.join(distDir, 'prerendered', 'manifest.json');
  const pages = new Map<string, string>();
  const plainPages = new Map<string, string>();
  const shells = new Map<string, PrerenderShell & { html: string }>();
  if (!fs.existsSync(manifestPath)) return { pages, plainPages, shells };
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as PrerenderManifest;
  const read = (file: string) => fs.readFileSync(path.join(distDir, 'prerendered', file), 'utf8');
  // A plain page holds no setting of its own (the server fills them in, as in index.html).
  for (const [route, file] of Object.entries(manifest.plainPages)) plainPages.set(route, read(file));
  if (manifest.fixedSettings !== fixedSettingsOf(config)) {
    warn('The prerendered pages were built with other settings (LANDING_ANIMATION_MS): serving plain pages. Run npm run build again.');
    return { pages, plainPages, shells };
  }
  for (const [page, file] of Object.entries(manifest.pages)) pages.set(page, read(file));
  for (const [page, shell] of Object.entries(manifest.shells ?? {})) shells.set(page, { ...shell, html: read(shell.file) });
  return { pages, plainPages, shells };
}

/** How long a shelf that failed to render waits before the next try. */
const RENDER_RETRY_MS = 60_000;

/**
 * The shelf pages as rendered for a shelf: the build's (the starting shelf), then each shelf this server rendered
 * again, in a child process, when the published one changed. A page not rendered for the shelf of the moment is
 * not served prerendered (its plain page is) until its render is done: a visitor never sees another shelf's packs.
 */
function shelfPages(prerendered: Prerendered, renderer: string, config: PublicConfig, warn: (message: string) => void) {
  const rendered = new Map<string, { key: string; html: string }>();
  for (const [page, shell] of prerendered.shells) {
    const html = prerendered.pages.get(page);
    if (html) rendered.set(page, { key: shell.shelfKey, html });
  }
  const pending = new Set<string>();
  const failedAt = new Map<string, { key: string; at: number }>();
  const canRender = fs.existsSync(renderer);
  if (prerendered.shells.size > 0 && !canRender) warn(`No renderer at ${renderer}: a shelf page is served plain once the published shelf differs from the build's.`);

  const render = (page: string, shelf: ShelfResponse) => {
    const shell = prerendered.shells.get(page);
    const key = shelfKeyOf(shelf);
    const failed = failedAt.get(page);
    if (!shell || !canRender || pending.has(page) || (failed?.key === key && Date.now() - failed.at < RENDER_RETRY_MS)) return;
    pending.add(page);
    renderPageInChild(renderer, page, tokenizedConfig(config), shelf)
      .then((renderedPage) => rendered.set(page, { key, html: fillShell(shell.html, renderedPage) }))
      .catch((error: unknown) => {
        failedAt.set(page, { key, at: Date.now() });
        warn(`Rendering ${page} for the published shelf failed: ${String(error)}`);
      })
      .finally(() => pending.delete(page));
  };
  return {
    /** The page rendered with this shelf, or undefined (and its render started). */
    htmlFor(page: string, shelf: ShelfResponse): string | undefined {
      const done = rendered.get(page);
      if (done?.key === shelfKeyOf(shelf)) return done.html;
      render(page, shelf);
      return undefined;
    },
    renderAll: (shelf: ShelfResponse) => SHELF_PAGES.forEach((page) => render(page, shelf)),
  };
}

/**
 * Serves the built single-page app: hashed assets are cached for a year; a public page asked for without a
 * query gets its prerendered HTML (hydrated in the browser), any other page its plain page with its route's
 * chunks preloaded (index.html for a route with none); an unknown path gets the not-found page with 404. Every
 * page carries the public config, with the year as served.
 */
export function spaRouter(
  distDir: string,
  config: PublicConfig,
  warn: (message: string) => void = console.warn,
  shelf: ShelfSource = { current: () => shelfResponseAt(STARTING_CATALOGUE, Date.now()), onChange: () => undefined },
): Router {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    throw new Error(`No built client at ${indexPath}: run "npm run build" first.`);
  }
  const indexTemplate = fs.readFileSync(indexPath, 'utf8');
  const loaded = loadPrerendered(distDir, config, warn);
  const { pages: prerendered, plainPages } = loaded;
  const shelfRenders = shelfPages(loaded, path.join(distDir, '..', RENDERER_FILE), config, warn);
  shelf.onChange(() => shelfRenders.renderAll(shelf.current()));
  const router = express.Router();

  /** A page with this moment's config (the year moves on while the server runs) and the shelf it was rendered with. */
  const pageHtml = (template: string, pageShelf: ShelfResponse) => {
    const served = { ...config, currentYear: yearIn(config.timeZone) };
    return renderIndexHtml(fillTokens(template, served), served).replace(PAGE_SHELF_PLACEHOLDER, () => toScriptSafeJson(pageShelf));
  };
  const sendPage = (status: number, res: express.Response, template = indexTemplate, pageShelf = shelf.current()) =>
    res.status(status).type('html').set('Cache-Control', 'no-cache').send(pageHtml(template, pageShelf));
  /** A page's prerendered HTML: a shelf page's only as rendered with this shelf. */
  const prerenderedFor = (page: string, pageShelf: ShelfResponse) => (SHELF_PAGES.includes(page) ? shelfRenders.htmlFor(page, pageShelf) : prerendered.get(page));

  router.use(
    '/static',
    express.static(path.join(distDir, 'static'), { immutable: true, maxAge: '365d', fallthrough: false }),
  );
  // The raw index.html and the prerendered files hold placeholders; never serve them as files.
  router.get('/index.html', (_req, res) => sendPage(200, res));
  router.use('/prerendered', (_req, res) => sendPage(404, res, prerendered.get(NOT_FOUND_PAGE)));
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get(/.*/, (req, res) => {
    const route = routeOf(req.path);
    if (!route) return sendPage(404, res, prerendered.get(NOT_FOUND_PAGE));
    // A fixed page's route is its path; prerendered HTML is for a visit without a query.
    const withQuery = req.originalUrl.includes('?');
    const pageShelf = shelf.current();
    sendPage(200, res, (withQuery ? undefined : prerenderedFor(route, pageShelf)) ?? plainPages.get(route), pageShelf);
  });
  return router;
}
