import type { Auth } from 'firebase-admin/auth';
import express from 'express';
import { rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import { CALLBACK_ACKNOWLEDGEMENT } from '../../shared/paymentProtocol';
import { paymentFormSchema } from '../../shared/validation/paymentForm';
import { requirePlayer } from '../auth/requirePlayer';
import { ISO_COUNTRY_CODES } from '../countries/isoCountries';
import { HttpError } from '../http/errors';
import {
  acceptCallback,
  acceptReturn,
  CALLBACK_PATH,
  reconcilePending,
  startPayment,
  type PaymentDeps,
} from './paymentService';

/** The body of POST /api/payments: the pack and the nine form fields, by the rules the form uses. */
const startPaymentBody = paymentFormSchema(ISO_COUNTRY_CODES).extend({ packId: z.number().int().positive() });

/** The return redirect's query parameters: a small, flat set of short strings. */
const returnBody = z
  .record(z.string().regex(/^[\w.-]{1,40}$/), z.string().max(500))
  .refine((parameters) => Object.keys(parameters).length <= 30, 'Too many parameters.');

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new HttpError(400, issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid request.');
  }
  return result.data;
}

/** /api/payments, /api/payments/return, /api/transactions/reconcile and the provider's callback. */
export function paymentsRouter(deps: PaymentDeps, auth: Auth): express.Router {
  const router = express.Router();
  const player = requirePlayer(auth);
  const playerLimit = rateLimit({ windowMs: 60_000, limit: 300, standardHeaders: 'draft-8', legacyHeaders: false });

  router.post('/payments', playerLimit, express.json({ limit: '16kb' }), player, async (req, res) => {
    const { packId, ...details } = parse(startPaymentBody, req.body);
    res.status(201).json(await startPayment(deps, res.locals.uid as string, { packId, details }));
  });

  router.post('/payments/return', playerLimit, express.json({ limit: '16kb' }), async (req, res) => {
    const outcome = await acceptReturn(deps, parse(returnBody, req.body));
    res.json({ orderId: outcome.orderId, status: outcome.status });
  });

  router.post('/transactions/reconcile', playerLimit, player, async (_req, res) => {
    res.json(await reconcilePending(deps, res.locals.uid as string));
  });

  // Server to server: the provider retries until it gets 200 `sent`.
  router.post(
    CALLBACK_PATH.replace(/^\/api/, ''),
    express.urlencoded({ extended: false, limit: '16kb' }),
    async (req, res) => {
      await acceptCallback(deps, parse(returnBody, req.body));
      res.type('text').send(CALLBACK_ACKNOWLEDGEMENT);
    },
  );
  return router;
}
