import express from 'express';
import { API_ROUTES } from '../../shared/api';
import { CALLBACK_ACKNOWLEDGEMENT } from '../../shared/paymentProtocol';
import { providerParametersSchema } from '../../shared/validation/providerParameters';
import { parseBody } from '../http/parseBody';
import { SIGNED_CALLBACK, type RateLimits } from '../http/rateLimits';
import type { ProviderDeps } from './providerDeps';
import { acceptCallback, signedByProvider } from './providerNotices';

/**
 * The provider's door, server to server: its signed notices. The provider retries until it gets 200 `sent`. The
 * signature is checked once, before the limits, so a validly signed notice draws on the provider's own budget, never
 * on junk's, and the notice is judged with that verdict.
 */
export function providerRouter(deps: ProviderDeps, limits: RateLimits): express.Router {
  const router = express.Router();
  router.post(
    API_ROUTES.gatewayCallback,
    express.urlencoded({ extended: false, limit: '16kb' }),
    (req, res, next) => {
      res.locals[SIGNED_CALLBACK] = typeof req.body === 'object' && req.body !== null && signedByProvider(deps, req.body);
      next();
    },
    ...limits.callbacks,
    async (req, res) => {
      await acceptCallback(deps, parseBody(providerParametersSchema, req.body), res.locals[SIGNED_CALLBACK] === true);
      res.type('text').send(CALLBACK_ACKNOWLEDGEMENT);
    },
  );
  return router;
}
