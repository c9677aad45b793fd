import express from 'express';
import type { RiskRepository } from './riskRepository';
import type { Logger } from '../lib/logger';
import { refuseMalformedIds } from '../http/routeIds';
import { API_ROUTES } from '../../shared/api';
import type { RiskClearResponse, RiskConsoleView } from '../../shared/risk/riskConsole';
import { saveRiskRulesSchema } from '../../shared/validation/riskRules';
import { HttpError } from '../http/errors';
import type { RateLimits } from '../http/rateLimits';
import { parseBody } from '../http/parseBody';
import type { PlayerAuth } from '../auth/playerAuth';
import type { StaffRecords } from '../auth/supportRole';
import { requireSupport, type StaffMember } from '../auth/requireSupport';

export interface RiskConsoleDeps {
  risk: RiskRepository;
  staff: StaffRecords;
  /** Whether a uid is a player of the store (support's directory). */
  isPlayer: (uid: string) => Promise<boolean>;
  log: Logger;
}

/**
 * Staff tune the risk decision (docs/payments.md, Stolen cards): read the rules and their audit, save a new set (the
 * version they opened, or 409), and clear a held player. Every change is audited with who made it.
 */
export function riskRouter(deps: RiskConsoleDeps, auth: PlayerAuth, limits: RateLimits): express.Router {
  const router = refuseMalformedIds(express.Router());
  const staffOnly = [...requireSupport(auth, deps.staff), limits.support];
  const staff = (res: express.Response) => res.locals.staff as StaffMember;
  const fresh = (res: express.Response) => res.set('Cache-Control', 'no-store');
  const view = async (): Promise<RiskConsoleView> => {
    const [ruleSet, audit] = await Promise.all([deps.risk.ruleSet(), deps.risk.audit()]);
    return { ruleSet, audit };
  };

  router.get(API_ROUTES.supportRisk, ...staffOnly, async (_req, res) => {
    fresh(res).json(await view());
  });
  router.put(API_ROUTES.supportRisk, ...staffOnly, express.json({ limit: '32kb' }), async (req, res) => {
    const { version, rules } = parseBody(saveRiskRulesSchema, req.body);
    const saved = await deps.risk.saveRules(version, rules, staff(res).email, Date.now());
    deps.log.info({ event: 'risk.rules_changed', by: staff(res).email, version: saved.version });
    fresh(res).json(await view());
  });
  router.post(API_ROUTES.supportPlayerRiskClear, ...staffOnly, async (req, res) => {
    const uid = String(req.params.uid);
    if (!(await deps.isPlayer(uid))) throw new HttpError(404, 'There is no player with that uid.');
    const clearedAt = Date.now();
    await deps.risk.clear(uid, staff(res).email, clearedAt);
    deps.log.info({ event: 'risk.player_cleared', userId: uid, by: staff(res).email });
    fresh(res).json({ clearedAt } satisfies RiskClearResponse);
  });
  return router;
}
