import './zodConfig';
import { z } from 'zod';
import { RISK_ACTIONS, RISK_MODES, RISK_OPERATORS, RISK_SIGNAL_NAMES, type RiskSignal } from '../risk/riskRules';

export const RISK_RULE_LIMITS = { rules: 30, conditions: 6, nameMax: 80, coolMinutesMax: 7 * 24 * 60 } as const;

const ruleSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'A rule id is 1 to 40 lower-case letters, digits and dashes.'),
    name: z.string().trim().min(1, 'Give every rule a name.').max(RISK_RULE_LIMITS.nameMax, `A rule's name is at most ${RISK_RULE_LIMITS.nameMax} characters.`),
    when: z
      .array(
        z.strictObject({
          signal: z.enum(RISK_SIGNAL_NAMES as [RiskSignal, ...RiskSignal[]], 'Choose a signal the store knows.'),
          op: z.enum(RISK_OPERATORS, 'Choose how the signal is compared.'),
          value: z.number('A threshold is a number.').finite().min(0, 'A threshold is 0 or more.').max(10_000_000, 'A threshold is at most 10,000,000.'),
        }),
      )
      .min(1, 'A rule needs at least one condition.')
      .max(RISK_RULE_LIMITS.conditions, `A rule has at most ${RISK_RULE_LIMITS.conditions} conditions.`),
    action: z.enum(RISK_ACTIONS, 'Choose what the rule does.'),
    mode: z.enum(RISK_MODES, 'Choose whether the rule acts, only records, or is off.'),
    coolMinutes: z.number().int('A cooling period is whole minutes.').min(1).max(RISK_RULE_LIMITS.coolMinutesMax, 'A cooling period is at most 7 days.').optional(),
  })
  .refine((rule) => rule.action === 'refuse' || rule.coolMinutes === undefined, { message: 'Only a refusal has a cooling period.', path: ['coolMinutes'] });

/** PUT /api/support/risk: every rule checked, ids unique. */
export const saveRiskRulesSchema = z.strictObject({
  version: z.number().int().min(0),
  rules: z
    .array(ruleSchema)
    .max(RISK_RULE_LIMITS.rules, `At most ${RISK_RULE_LIMITS.rules} rules.`)
    .refine((rules) => new Set(rules.map((rule) => rule.id)).size === rules.length, 'Two rules have the same id.'),
});
