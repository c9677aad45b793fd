import type { RiskRule, RiskRuleSet } from './riskRules';

/** risk_rules/current/audit/{id}: who changed the rules, when, and the rules before and after. */
export interface RiskRuleAuditEntry {
  at: number;
  /** The staff member's email. */
  by: string;
  version: number;
  before: RiskRule[];
  after: RiskRule[];
}

/** GET /api/support/risk: the rules in force and their last changes. */
export interface RiskConsoleView {
  ruleSet: RiskRuleSet;
  audit: RiskRuleAuditEntry[];
}

/** PUT /api/support/risk: the whole rule set, as of the version the staff member opened. */
export interface SaveRiskRulesRequest {
  version: number;
  rules: RiskRule[];
}

/** POST /api/support/players/:uid/risk-clear: answers when the player was cleared. */
export interface RiskClearResponse {
  clearedAt: number;
}
