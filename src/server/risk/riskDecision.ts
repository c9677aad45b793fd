import { judgeRisk, scopesOf, type RiskDecision } from '../../shared/risk/riskRules';
import { riskRefusedMessage } from '../../shared/risk/riskTexts';
import { HttpError } from '../http/errors';
import type { Logger } from '../lib/logger';
import { signalsOf, type PaymentFacts } from './riskActivity';
import { keysIn, type RiskKeys } from './riskKeys';
import type { RiskRepository } from './riskRepository';

export interface RiskDeps {
  risk: RiskRepository;
  settings: { SUPPORT_EMAIL: string };
  log: Logger;
}

/** A payment to decide on: whose, counted where, and what the store knows of it. */
export interface RiskAsk {
  uid: string;
  keys: RiskKeys;
  /** What the store knows of the payment; may still be on its way, read beside the risk's own documents. */
  facts: PaymentFacts | Promise<PaymentFacts>;
  now: number;
}

/** The 403 a refused payment answers: nothing was held or sent to the provider; `retryAt` when a cooling period ends. */
const refusal = (supportEmail: string, now: number, retryAt: number | null) =>
  new HttpError(403, riskRefusedMessage(supportEmail, retryAt === null ? null : retryAt - now), { reason: 'risk', ...(retryAt !== null ? { retryAt } : {}) });

/**
 * The risk decision before a payment reaches the provider (docs/payments.md, Stolen cards): a cooling period on the
 * account, browser or address refuses it first; else the rules judge its signals, and a refusal starts the rule's
 * cooling period on what its signals count. `reading`, when given, is what readRisk read for this ask. Answers the decision to record on the order (allow or challenge); throws
 * the refusal, having counted it. Staff clearing the player sets aside every hold and count from before.
 */
/** Everything a decision reads, read at once. */
export interface RiskReading {
  holds: Awaited<ReturnType<RiskRepository['holdsOn']>>;
  activity: Awaited<ReturnType<RiskRepository['activityOf']>>;
  clearedAt: number;
  ruleSet: Awaited<ReturnType<RiskRepository['ruleSet']>>;
  facts: PaymentFacts;
}

/** A decision's reads, which write nothing: a caller with reads of its own begins them together (startPayment). */
export async function readRisk(deps: RiskDeps, { uid, keys, facts, now }: RiskAsk): Promise<RiskReading> {
  const [holds, activity, clearedAt, ruleSet, known] = await Promise.all([
    deps.risk.holdsOn(keysIn(keys), now),
    deps.risk.activityOf(keys, now),
    deps.risk.clearedAt(uid),
    deps.risk.ruleSet(),
    facts,
  ]);
  return { holds, activity, clearedAt, ruleSet, facts: known };
}

export async function decideRisk(deps: RiskDeps, ask: RiskAsk, reading?: RiskReading): Promise<RiskDecision> {
  const { uid, keys, now } = ask;
  const { holds, activity, clearedAt, ruleSet, facts } = reading ?? (await readRisk(deps, ask));
  const holding = holds.filter((hold) => hold.at >= clearedAt);
  if (holding.length > 0) {
    const until = Math.max(...holding.map((hold) => hold.until));
    await deps.risk.countRefusal(now, 0);
    deps.log.warn({ event: 'risk.refused', userId: uid, held: true, ruleId: holding[0]!.ruleId, until });
    throw refusal(deps.settings.SUPPORT_EMAIL, now, until);
  }
  const signals = signalsOf(activity, facts, now, clearedAt);
  const verdict = judgeRisk(ruleSet.rules, signals);
  const decision: RiskDecision = { ...verdict, score: signals.score, signals, rulesVersion: ruleSet.version, at: now };
  if (verdict.action !== 'refuse') return decision;
  const rule = ruleSet.rules.find((candidate) => candidate.id === verdict.ruleId)!;
  const until = rule.coolMinutes ? now + rule.coolMinutes * 60_000 : null;
  if (until !== null) await deps.risk.hold(keysIn(keys, scopesOf(rule)), { until, ruleId: rule.id, at: now });
  await deps.risk.countRefusal(now, verdict.wouldHave.length);
  deps.log.warn({ event: 'risk.refused', userId: uid, ruleId: rule.id, score: signals.score, until });
  throw refusal(deps.settings.SUPPORT_EMAIL, now, until);
}
