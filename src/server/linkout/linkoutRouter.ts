import express from 'express';
import { API_ROUTES } from '../../shared/api';
import { isLinkoutAllowed, linkoutQuerySchema, linkoutSettingSchema, type LinkoutAnswer, type LinkoutConsoleView } from '../../shared/linkout';
import { startOfMonthIn } from '../../shared/protections/spendingLimit';
import type { Logger } from '../lib/logger';
import { monthParam, type MonthParam } from '../http/monthParam';
import type { RateLimits } from '../http/rateLimits';
import { parseBody } from '../http/parseBody';
import type { StaffRecords } from '../auth/supportRole';
import type { PlayerAuth } from '../auth/playerAuth';
import { requireSupport, type StaffMember } from '../auth/requireSupport';
import { linkoutCsv, type LinkoutLedgerLine } from './linkoutLedger';
import type { LinkoutRepository } from './linkoutRepository';

export interface LinkoutDeps {
  linkout: LinkoutRepository;
  /** The orders paid in [from, to) within a day of a link-out (./linkoutLedger). */
  ledger: (from: number, to: number) => Promise<LinkoutLedgerLine[]>;
  staff: StaffRecords;
  timeZone: string;
  /** LINKOUT_CACHE_MS: the answer may be cached as long as the instance keeps the setting (in force everywhere within twice it). */
  cacheMs: number;
  log: Logger;
}

/** The month, as [its first moment, the next month's) in the store's time zone. */
function monthRange({ year, month }: MonthParam, timeZone: string): [number, number] {
  return [startOfMonthIn(timeZone, Date.UTC(year, month - 1, 15)), startOfMonthIn(timeZone, Date.UTC(year, month, 15))];
}

/**
 * The link-out switch (docs/game-integration.md): the game asks whether it may show a "buy on the web" link on a
 * platform's storefront (anyone; cached for less than the minute a staff change takes to be everywhere); staff read and
 * change it (audited), and download the month's link-out ledger for the platforms' fee reports.
 */
export function linkoutRouter(deps: LinkoutDeps, auth: PlayerAuth, limits: RateLimits): express.Router {
  const router = express.Router();
  const staffOnly = [...requireSupport(auth, deps.staff), limits.support];
  const view = async (): Promise<LinkoutConsoleView> => {
    const [setting, audit] = await Promise.all([deps.linkout.current(0), deps.linkout.audit()]);
    return { setting, audit };
  };

  router.get(API_ROUTES.linkoutAllowed, limits.anonymous, async (req, res) => {
    const { platform, storefront } = parseBody(linkoutQuerySchema, req.query);
    const allowed = isLinkoutAllowed(await deps.linkout.current(), platform, storefront);
    res.set('Cache-Control', `public, max-age=${Math.floor(deps.cacheMs / 1000)}`).json({ platform, storefront, allowed } satisfies LinkoutAnswer);
  });
  router.get(API_ROUTES.supportLinkout, ...staffOnly, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await view());
  });
  router.put(API_ROUTES.supportLinkout, ...staffOnly, express.json({ limit: '8kb' }), async (req, res) => {
    const { allowed } = parseBody(linkoutSettingSchema, req.body);
    const staff = res.locals.staff as StaffMember;
    await deps.linkout.save({ ios: [...new Set(allowed.ios)].sort(), android: [...new Set(allowed.android)].sort() }, staff.email, Date.now());
    deps.log.info({ event: 'linkout.changed', by: staff.email, allowed });
    res.set('Cache-Control', 'no-store').json(await view());
  });
  router.get(API_ROUTES.supportLinkoutLedger, ...staffOnly, async (req, res) => {
    const month = monthParam(req.query.month);
    const [from, to] = monthRange(month, deps.timeZone);
    res
      .set({ 'Cache-Control': 'no-store', 'Content-Disposition': `attachment; filename="wyrmcrown-linkout-ledger-${month.text}.csv"` })
      .type('text/csv')
      .send(linkoutCsv(await deps.ledger(from, to)));
  });
  return router;
}
