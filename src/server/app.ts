import compression from 'compression';
import express from 'express';
import type { Auth } from 'firebase-admin/auth';
import { API_BASE, API_ROUTES } from '../shared/api';
import type { PublicConfig } from '../shared/publicConfig';
import { countriesRouter } from './countries/countriesRouter';
import { jsonErrorHandler } from './http/errors';
import { securityHeaders } from './http/securityHeaders';
import { spaRouter } from './http/spa';
import type { PaymentDeps } from './payments/paymentService';
import { paymentsRouter } from './payments/paymentsRouter';

export interface AppOptions {
  publicConfig: PublicConfig;
  /** The payments API; omitted by tests of the static parts alone. */
  payments?: { deps: PaymentDeps; auth: Auth };
  /** The built client; omitted when only the API is served (webpack-dev-server serves the client). */
  distDir?: string;
}

export function createApp({ publicConfig, distDir, payments }: AppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(securityHeaders(publicConfig));
  app.use(compression());

  const api = express.Router();
  api.get(API_ROUTES.health, (_req, res) => {
    res.json({ status: 'ok' });
  });
  api.use(API_ROUTES.countries, countriesRouter());
  if (payments) api.use(paymentsRouter(payments.deps, payments.auth));
  api.use((_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });
  api.use(jsonErrorHandler);
  app.use(API_BASE, api);

  if (distDir) app.use(spaRouter(distDir, publicConfig));
  return app;
}
