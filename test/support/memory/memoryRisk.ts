import { DEFAULT_RISK_RULE_SET, type RiskRuleSet } from '../../../src/shared/risk/riskRules';
import type { RiskRuleAuditEntry } from '../../../src/shared/risk/riskConsole';
import { HttpError } from '../../../src/server/http/errors';
import { DAY_MS } from '../../../src/server/risk/riskActivity';
import { riskDayCounts, RULES_CHANGED_MESSAGE, type RiskHold, type RiskRepository } from '../../../src/server/risk/riskRepository';
import type { MemoryState } from './memoryState';

/** The risk decision's documents in memory, by the same rules as src/server/risk/riskRepository.ts (a day's look back, holds that end, a guarded rule set). */
export function memoryRisk(state: Pick<MemoryState, 'riskActivity' | 'dayCounts'>): RiskRepository & { holds: Map<string, RiskHold> } {
  const holds = new Map<string, RiskHold>();
  const clearances = new Map<string, number>();
  let ruleSet: RiskRuleSet = DEFAULT_RISK_RULE_SET;
  const audit: RiskRuleAuditEntry[] = [];
  const entriesOf = (key: string | null, now: number) =>
    key ? [...(state.riskActivity.get(key)?.values() ?? [])].filter((entry) => entry.at > now - 2 * DAY_MS) : [];
  return {
    holds,
    async activityOf(keys, now) {
      return { player: entriesOf(keys.player, now), browser: entriesOf(keys.browser, now), address: entriesOf(keys.address, now) };
    },
    async holdsOn(keys, now) {
      return keys.map((key) => holds.get(key)).filter((hold): hold is RiskHold => Boolean(hold && hold.until > now));
    },
    async hold(keys, hold) {
      for (const key of keys) holds.set(key, { key, ...hold });
    },
    async clearedAt(uid) {
      return clearances.get(uid) ?? 0;
    },
    async clear(uid, _by, at) {
      clearances.set(uid, at);
    },
    async ruleSet() {
      return ruleSet;
    },
    async saveRules(version, rules, by, at) {
      if (ruleSet.version !== version) throw new HttpError(409, RULES_CHANGED_MESSAGE);
      audit.unshift({ at, by, version: version + 1, before: ruleSet.rules, after: rules });
      ruleSet = { version: version + 1, rules, updatedAt: at, updatedBy: by };
      return ruleSet;
    },
    async audit() {
      return audit;
    },
    async countRefusal(at, dryRunMatches) {
      state.dayCounts.push({ at, day: riskDayCounts('refuse', dryRunMatches) });
    },
  };
}
