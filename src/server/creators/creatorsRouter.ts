import express from 'express';
import type { CreatorsRepository } from './creatorsRepository';
import { creatorEarnings, payoutCsv, saveCreator } from './creatorsService';
import type { StatsRepository } from '../overview/statsRepository';
import type { PlayerAuth } from '../auth/playerAuth';
import { requireSupport, type StaffMember } from '../auth/requireSupport';
import type { StaffRecords } from '../auth/supportRole';
import { API_ROUTES } from '../../shared/api';
import { creatorCodeSchema, creatorFormSchema, type CreatorsView } from '../../shared/creators';
import { parseBody } from '../http/parseBody';
import { monthParam, type MonthParam } from '../http/monthParam';
import type { RateLimits } from '../http/rateLimits';
import type { Logger } from '../lib/logger';

export interface CreatorsDeps {
  creators: CreatorsRepository;
  stats: StatsRepository;
  staff: StaffRecords;
  log: Logger;
}

/** The month as its first and last day (yyyy-mm-dd), the day counts' own dates. */
function monthDays({ text, year, month }: MonthParam): [string, string] {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return [`${text}-01`, `${text}-${String(last).padStart(2, '0')}`];
}

/** Support's creators: the codes (created and changed, audited), a month's earnings, and its payout CSV. */
export function creatorsRouter(deps: CreatorsDeps, auth: PlayerAuth, limits: RateLimits): express.Router {
  const router = express.Router();
  const staffOnly = [...requireSupport(auth, deps.staff), limits.support];
  const fresh = (res: express.Response) => res.set('Cache-Control', 'no-store');

  router.get(API_ROUTES.supportCreators, ...staffOnly, async (_req, res) => {
    const [creators, audit] = await Promise.all([deps.creators.list(), deps.creators.audit()]);
    fresh(res).json({ creators, audit } satisfies CreatorsView);
  });
  router.put(API_ROUTES.supportCreator, ...staffOnly, express.json({ limit: '4kb' }), async (req, res) => {
    const code = parseBody(creatorCodeSchema, String(req.params.code));
    const staff = res.locals.staff as StaffMember;
    const saved = await saveCreator(deps.creators, staff.email, code, parseBody(creatorFormSchema, req.body), Date.now());
    deps.log.info({ event: 'creator.saved', code, by: staff.email });
    fresh(res).json(saved);
  });
  router.get(API_ROUTES.supportCreatorEarnings, ...staffOnly, async (req, res) => {
    const [from, to] = monthDays(monthParam(req.query.month));
    fresh(res).json(await creatorEarnings(deps, from, to));
  });
  router.get(API_ROUTES.supportCreatorPayouts, ...staffOnly, async (req, res) => {
    const month = monthParam(req.query.month);
    const [from, to] = monthDays(month);
    fresh(res)
      .set('Content-Disposition', `attachment; filename="wyrmcrown-creator-payouts-${month.text}.csv"`)
      .type('text/csv')
      .send(payoutCsv(month.text, await creatorEarnings(deps, from, to)));
  });
  return router;
}
