import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { isKnownPage } from '../../shared/routes';
import type { PublicConfig } from '../../shared/publicConfig';
import { renderIndexHtml } from '../config/publicConfig';

/**
 * Serves the built single-page app: hashed assets are cached for a year, every page gets index.html with
 * the public config filled in, and an unknown path gets the same page (which shows "not found") with 404.
 */
export function spaRouter(distDir: string, config: PublicConfig): Router {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    throw new Error(`No built client at ${indexPath}: run "npm run build" first.`);
  }
  const indexHtml = renderIndexHtml(fs.readFileSync(indexPath, 'utf8'), config);
  const router = express.Router();

  router.use(
    '/static',
    express.static(path.join(distDir, 'static'), { immutable: true, maxAge: '365d', fallthrough: false }),
  );
  const sendPage = (status: number, res: express.Response) =>
    res.status(status).type('html').set('Cache-Control', 'no-cache').send(indexHtml);
  // The raw index.html holds only a placeholder; never serve it as a file.
  router.get('/index.html', (_req, res) => sendPage(200, res));
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get(/.*/, (req, res) => sendPage(isKnownPage(req.path) ? 200 : 404, res));
  return router;
}
