import type { PlayerAuth } from '../auth/playerAuth';
import express from 'express';
import { API_ROUTES, SUPPORT_SEARCH_PARAM } from '../../shared/api';
import { declineRefundSchema } from '../../shared/validation/refundRequest';
import { recordDisputeSchema } from '../../shared/validation/dispute';
import { moveDisputeBySupport, recordDisputeByHand, writeOffDebt } from '../disputes/disputeService';
import { disputeDetail, disputeQueue } from './disputeDesk';
import { eventsNeedingAttention, resendGameEvent } from '../gameDelivery/deliveryDesk';
import { overview } from '../overview/overview';
import { schemeOverview } from '../overview/schemeOverview';
import { OVERVIEW_PERIODS, type OverviewPeriod } from '../../shared/stats';
import { HttpError } from '../http/errors';
import { requireSupport, type StaffMember } from '../auth/requireSupport';
import { parseBody } from '../http/parseBody';
import type { RateLimits } from '../http/rateLimits';
import { askProviderNow, creditManually, orderDetail, searchOrders, storeHealth, type SupportDeps } from './supportService';
import { approveRefund, declineRefund, refundQueue } from './refundDesk';
import { refuseMalformedIds } from '../http/routeIds';
import { statementPage } from '../ledger/statement';

/** The support console's API: staff only (the `support` claim); every action is audited in the order's history. Disputes too. */
export function supportRouter(deps: SupportDeps, auth: PlayerAuth, limits: RateLimits): express.Router {
  const router = refuseMalformedIds(express.Router());
  const staffOnly = [...requireSupport(auth, deps.staff), limits.support];
  const json = express.json({ limit: '16kb' });
  const staff = (res: express.Response) => res.locals.staff as StaffMember;
  const orderId = (req: express.Request) => String(req.params.orderId);
  const fresh = (res: express.Response) => res.set('Cache-Control', 'no-store');

  router.get(API_ROUTES.supportHealth, ...staffOnly, async (_req, res) => {
    fresh(res).json(await storeHealth(deps));
  });
  router.get(API_ROUTES.supportOrders, ...staffOnly, async (req, res) => {
    const query = req.query[SUPPORT_SEARCH_PARAM];
    fresh(res).json(await searchOrders(deps, typeof query === 'string' ? query.slice(0, 200) : ''));
  });
  router.get(API_ROUTES.supportOrder, ...staffOnly, async (req, res) => {
    fresh(res).json(await orderDetail(deps, orderId(req)));
  });
  router.post(API_ROUTES.supportOrderCheck, ...staffOnly, async (req, res) => {
    res.json(await askProviderNow(deps, staff(res), orderId(req)));
  });
  router.post(API_ROUTES.supportOrderCredit, ...staffOnly, async (req, res) => {
    res.json(await creditManually(deps, staff(res), orderId(req)));
  });
  router.get(API_ROUTES.supportRefunds, ...staffOnly, async (_req, res) => {
    fresh(res).json(await refundQueue(deps));
  });
  router.post(API_ROUTES.supportRefundApprove, ...staffOnly, async (req, res) => {
    res.json(await approveRefund(deps, staff(res), orderId(req)));
  });
  router.post(API_ROUTES.supportRefundDecline, ...staffOnly, json, async (req, res) => {
    const { reason } = parseBody(declineRefundSchema, req.body);
    res.json(await declineRefund(deps, staff(res), orderId(req), reason));
  });
  router.get(API_ROUTES.supportDisputes, ...staffOnly, async (_req, res) => {
    fresh(res).json(await disputeQueue(deps));
  });
  router.get(API_ROUTES.supportDispute, ...staffOnly, async (req, res) => {
    fresh(res).json(await disputeDetail(deps, orderId(req)));
  });
  router.post(API_ROUTES.supportDispute, ...staffOnly, json, async (req, res) => {
    await recordDisputeByHand(deps, staff(res), orderId(req), parseBody(recordDisputeSchema, req.body));
    res.json(await disputeDetail(deps, orderId(req)));
  });
  router.post(API_ROUTES.supportDisputeAccept, ...staffOnly, async (req, res) => {
    await moveDisputeBySupport(deps, staff(res), orderId(req), 'accepted');
    res.json(await disputeDetail(deps, orderId(req)));
  });
  router.post(API_ROUTES.supportDisputeEvidenceSent, ...staffOnly, async (req, res) => {
    await moveDisputeBySupport(deps, staff(res), orderId(req), 'evidence_submitted');
    res.json(await disputeDetail(deps, orderId(req)));
  });
  router.post(API_ROUTES.supportDisputeWriteOff, ...staffOnly, async (req, res) => {
    await writeOffDebt(deps, staff(res), orderId(req));
    res.json(await disputeDetail(deps, orderId(req)));
  });
  router.get(API_ROUTES.supportPlayerStatement, ...staffOnly, async (req, res) => {
    const uid = String(req.params.uid);
    if (!(await deps.directory.byUid(uid))) throw new HttpError(404, 'There is no player with that uid.');
    fresh(res).json(await statementPage(deps.ledger, uid, req.query.before));
  });
  router.get(API_ROUTES.supportOverviewSchemes, ...staffOnly, async (_req, res) => {
    fresh(res).json(await schemeOverview({ stats: deps.stats, timeZone: deps.settings.STORE_TIME_ZONE }));
  });
  router.get(API_ROUTES.supportOverview, ...staffOnly, async (req, res) => {
    const days = Number(req.query.days ?? 30);
    if (!(OVERVIEW_PERIODS as readonly number[]).includes(days)) throw new HttpError(400, `Choose a period of ${OVERVIEW_PERIODS.join(', ')} days.`);
    fresh(res).json(await overview({ stats: deps.stats, timeZone: deps.settings.STORE_TIME_ZONE }, days as OverviewPeriod));
  });
  router.get(API_ROUTES.supportGameEvents, ...staffOnly, async (_req, res) => {
    fresh(res).json(await eventsNeedingAttention(deps));
  });
  router.post(API_ROUTES.supportGameEventResend, ...staffOnly, async (req, res) => {
    res.json(await resendGameEvent(deps, staff(res), String(req.params.eventId)));
  });
  return router;
}
