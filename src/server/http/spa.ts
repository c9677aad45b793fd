import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { NOT_FOUND_PAGE, routeOf } from '../../shared/routes';
import type { PublicConfig } from '../../shared/publicConfig';
import { yearIn } from '../../shared/storeTime';
import { renderIndexHtml } from '../config/publicConfig';
import { fillTokens, fixedSettingsOf } from './configTokens';

/** dist/prerendered/manifest.json, as scripts/build/prerender.ts writes it. */
export interface PrerenderManifest {
  /** Page path (or NOT_FOUND_PAGE) → its prerendered file. */
  pages: Record<string, string>;
  /** Route (routeOf) → its plain page, nothing rendered in it but its chunks preloaded. */
  plainPages: Record<string, string>;
  /** The settings the prerendered pages carry as they are (fixedSettingsOf): a server with others serves plain pages. */
  fixedSettings: string;
}

/**
 * The prerendered pages, with the server's text settings in place of the build's tokens; none when the
 * build has no pages, or carries settings (the landing animation's length) other than this server's, in
 * which case every page is the plain one and renders in the browser.
 */
function loadPrerendered(
  distDir: string,
  config: PublicConfig,
  warn: (message: string) => void,
): { pages: Map<string, string>; plainPages: Map<string, string> } {
  const manifestPath = path.join(distDir, 'prerendered', 'manifest.json');
  const pages = new Map<string, string>();
  const plainPages = new Map<string, string>();
  if (!fs.existsSync(manifestPath)) return { pages, plainPages };
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as PrerenderManifest;
  const read = (file: string) => fs.readFileSync(path.join(distDir, 'prerendered', file), 'utf8');
  // A plain page holds no setting of its own (the server fills them in, as in index.html).
  for (const [route, file] of Object.entries(manifest.plainPages)) plainPages.set(route, read(file));
  if (manifest.fixedSettings !== fixedSettingsOf(config)) {
    warn('The prerendered pages were built with other settings (LANDING_ANIMATION_MS): serving plain pages. Run npm run build again.');
    return { pages, plainPages };
  }
  for (const [page, file] of Object.entries(manifest.pages)) pages.set(page, read(file));
  return { pages, plainPages };
}

/**
 * Serves the built single-page app: hashed assets are cached for a year; a public page asked for without a
 * query gets its prerendered HTML (hydrated in the browser), any other page its plain page with its route's
 * chunks preloaded (index.html for a route with none); an unknown path gets the not-found page with 404. Every
 * page carries the public config, with the year as served.
 */
export function spaRouter(distDir: string, config: PublicConfig, warn: (message: string) => void = console.warn): Router {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    throw new Error(`No built client at ${indexPath}: run "npm run build" first.`);
  }
  const indexTemplate = fs.readFileSync(indexPath, 'utf8');
  const { pages: prerendered, plainPages } = loadPrerendered(distDir, config, warn);
  const router = express.Router();

  /** A page with this moment's config (the year moves on while the server runs). */
  const pageHtml = (template: string) => {
    const served = { ...config, currentYear: yearIn(config.timeZone) };
    return renderIndexHtml(fillTokens(template, served), served);
  };
  const sendPage = (status: number, res: express.Response, template = indexTemplate) =>
    res.status(status).type('html').set('Cache-Control', 'no-cache').send(pageHtml(template));

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
    sendPage(200, res, (withQuery ? undefined : prerendered.get(route)) ?? plainPages.get(route));
  });
  return router;
}
