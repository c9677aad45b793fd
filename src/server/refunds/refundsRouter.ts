import type { PlayerAuth } from '../auth/playerAuth';
import express from 'express';
import { API_ROUTES } from '../../shared/api';
import { refundRequestSchema } from '../../shared/validation/refundRequest';
import { playerChecks, requirePlayer, storeSessionOf } from '../auth/requirePlayer';
import { parseBody } from '../http/parseBody';
import type { RateLimits } from '../http/rateLimits';
import { refundStanding, requestRefund, type RefundDeps } from './refundService';
import { refuseMalformedIds } from '../http/routeIds';

/** A player's refund of one of their orders: whether one may be asked now, and the request. Support decides on the console. */
export function refundsRouter(deps: RefundDeps, auth: PlayerAuth, limits: RateLimits): express.Router {
  const router = refuseMalformedIds(express.Router());
  const player = requirePlayer(auth, playerChecks(deps.settings));
  const json = express.json({ limit: '16kb' });
  const uid = (res: express.Response) => res.locals.uid as string;
  const orderId = (req: express.Request) => String(req.params.orderId);

  router.get(API_ROUTES.orderRefund, player, limits.refunds, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await refundStanding(deps, uid(res), orderId(req), storeSessionOf(res)));
  });

  router.post(API_ROUTES.orderRefund, player, limits.refunds, json, async (req, res) => {
    const { reason } = parseBody(refundRequestSchema, req.body);
    res.status(201).json(await requestRefund(deps, { uid: uid(res), email: res.locals.email as string | undefined, session: storeSessionOf(res) }, orderId(req), reason));
  });
  return router;
}
