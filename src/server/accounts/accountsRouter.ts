import express from 'express';
import { rateLimit } from 'express-rate-limit';
import { API_ROUTES } from '../../shared/api';
import { passwordResetSchema } from '../../shared/validation/account';
import { parseBody } from '../http/parseBody';
import type { RateLimits } from '../http/rateLimits';
import { requestPasswordReset, type PasswordResetDeps } from './passwordReset';

/** Reset emails one address may be sent in a window, so the form cannot flood somebody's inbox. */
export const RESET_EMAILS_PER_ADDRESS = { limit: 3, windowMs: 15 * 60_000 } as const;

/** What anyone may ask of the store's accounts without signing in: a password-reset email. */
export function accountsRouter(deps: PasswordResetDeps, limits: RateLimits): express.Router {
  const router = express.Router();
  const json = express.json({ limit: '4kb' });
  const perEmail = rateLimit({
    ...RESET_EMAILS_PER_ADDRESS,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    message: { error: 'Too many reset emails for this address. Please wait 15 minutes, then check your inbox and spam folder.' },
    keyGenerator: (req) => `email:${(req.body as { email: string }).email.toLowerCase()}`,
  });

  router.post(API_ROUTES.passwordReset, limits.anonymous, json, (req, _res, next) => {
    req.body = parseBody(passwordResetSchema, req.body);
    next();
  }, perEmail, async (req, res) => {
    await requestPasswordReset(deps, (req.body as { email: string }).email);
    res.status(202).json({});
  });
  return router;
}
