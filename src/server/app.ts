import compression from 'compression';
import express from 'express';
import type { PublicConfig } from '../shared/publicConfig';
import { countriesRouter } from './countries/countriesRouter';
import { securityHeaders } from './http/securityHeaders';
import { spaRouter } from './http/spa';

export interface AppOptions {
  publicConfig: PublicConfig;
  /** The built client; omitted when only the API is served (webpack-dev-server serves the client). */
  distDir?: string;
}

export function createApp({ publicConfig, distDir }: AppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(securityHeaders(publicConfig));
  app.use(compression());

  const api = express.Router();
  api.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  api.use('/countries', countriesRouter());
  api.use((_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });
  app.use('/api', api);

  if (distDir) app.use(spaRouter(distDir, publicConfig));
  return app;
}
