/**
 * The risk decision made before every payment (docs/payments.md, Stolen cards): what the store knows of the payment
 * and of who makes it (the signals), rules staff edit as data, and the decision they make. Pure: the server gathers
 * the signals and acts; the console edits the rules; both read them here.
 */

/** Where a signal is counted: the player's account, the browser (its own random id), or the connection's address. */
export const RISK_SCOPES = ['player', 'browser', 'address'] as const;
export type RiskScope = (typeof RISK_SCOPES)[number];

/**
 * Every signal, each a number (a yes/no is 1 or 0). Counts are over the last hour or day; a card is its brand and
 * last four as the provider names them; a decline is a payment the provider ended unpaid.
 */
export const RISK_SIGNALS = {
  playerDeclinesHour: { scope: 'player', words: 'Declined payments of this account, last hour' },
  playerDeclinesDay: { scope: 'player', words: 'Declined payments of this account, last day' },
  playerCardsDay: { scope: 'player', words: 'Different cards this account paid or tried with, last day' },
  playerOrdersHour: { scope: 'player', words: 'Payments this account started, last hour' },
  browserDeclinesHour: { scope: 'browser', words: 'Declined payments from this browser, last hour' },
  browserDeclinedCardsHour: { scope: 'browser', words: 'Different cards declined in this browser, last hour' },
  browserOrdersHour: { scope: 'browser', words: 'Payments this browser started, last hour' },
  addressDeclinesHour: { scope: 'address', words: 'Declined payments from this address, last hour' },
  addressDeclinedCardsHour: { scope: 'address', words: 'Different cards declined from this address, last hour' },
  addressDeclinesDay: { scope: 'address', words: 'Declined payments from this address, last day' },
  accountAgeDays: { scope: 'player', words: 'Age of the account in days' },
  gameAccount: { scope: 'player', words: 'Signed in with the game (the game vouches for the account)' },
  countryMismatch: { scope: 'player', words: 'Billing country differs from the connection’s' },
  amountCents: { scope: 'player', words: 'Amount (A$ cents)' },
  amountOverLast: { scope: 'player', words: 'Amount as a multiple of the last paid order (0: none)' },
  paidOrders: { scope: 'player', words: 'Paid orders the account holds' },
  firstPurchase: { scope: 'player', words: 'First purchase of the account' },
  score: { scope: 'player', words: 'Risk score (0 to 100)' },
} as const satisfies Record<string, { scope: RiskScope; words: string }>;

export type RiskSignal = keyof typeof RISK_SIGNALS;
export const RISK_SIGNAL_NAMES = Object.keys(RISK_SIGNALS) as RiskSignal[];
export type RiskSignals = Record<RiskSignal, number>;

export const RISK_OPERATORS = ['>=', '>', '<=', '<', '=='] as const;
export type RiskOperator = (typeof RISK_OPERATORS)[number];

/** What a rule does when all its conditions hold: ask the provider for 3-D Secure, or refuse the payment. */
export const RISK_ACTIONS = ['challenge', 'refuse'] as const;
export type RiskAction = (typeof RISK_ACTIONS)[number];

/** active: it decides; dryRun: its would-be decision is recorded and counted, nothing else; off: not evaluated. */
export const RISK_MODES = ['active', 'dryRun', 'off'] as const;
export type RiskMode = (typeof RISK_MODES)[number];

export interface RiskCondition {
  signal: RiskSignal;
  op: RiskOperator;
  value: number;
}

export interface RiskRule {
  /** Letters, digits and dashes; the name the decision records. */
  id: string;
  name: string;
  when: RiskCondition[];
  action: RiskAction;
  mode: RiskMode;
  /** A refusal's cooling period: further starts from what the rule's signals count (player, browser, address) wait this long. */
  coolMinutes?: number;
}

/** risk_rules/current: the rule set in force, with its version (each change one more) and who changed it last. */
export interface RiskRuleSet {
  version: number;
  rules: RiskRule[];
  updatedAt: number;
  updatedBy: string;
}

/** A rule that refuses once one count reaches `value`, and cools off for `coolMinutes`. */
const refuseAt = (id: string, name: string, signal: RiskSignal, value: number, coolMinutes: number): RiskRule => ({
  id,
  name,
  when: [{ signal, op: '>=', value }],
  action: 'refuse',
  mode: 'active',
  coolMinutes,
});

/** The store's rules until staff change them: card testing refused, 3-D Secure where a stolen card would cost most. */
export const DEFAULT_RISK_RULES: readonly RiskRule[] = [
  refuseAt('address-card-testing', 'Card testing from one address', 'addressDeclinedCardsHour', 3, 60),
  refuseAt('browser-card-testing', 'Card testing from one browser', 'browserDeclinedCardsHour', 3, 60),
  refuseAt('player-declines', 'Many declines on one account', 'playerDeclinesHour', 5, 30),
  refuseAt('player-many-cards', 'Many cards on one account', 'playerCardsDay', 5, 24 * 60),
  {
    id: 'new-account-large',
    name: '3-D Secure above A$100 on accounts under 7 days old',
    when: [
      { signal: 'amountCents', op: '>', value: 10_000 },
      { signal: 'accountAgeDays', op: '<', value: 7 },
    ],
    action: 'challenge',
    mode: 'active',
  },
  {
    id: 'first-purchase-abroad',
    name: 'First purchase with a billing country unlike the connection’s',
    when: [
      { signal: 'firstPurchase', op: '==', value: 1 },
      { signal: 'countryMismatch', op: '==', value: 1 },
    ],
    action: 'challenge',
    mode: 'dryRun',
  },
];

export const DEFAULT_RISK_RULE_SET: RiskRuleSet = { version: 0, rules: [...DEFAULT_RISK_RULES], updatedAt: 0, updatedBy: 'the store’s defaults' };

/**
 * The score support reads beside the signals: a weighted sum, capped at 100 (docs/payments.md lists the weights).
 * Declines weigh most (a card tester's trace), then many cards, then a new account.
 */
export function riskScore(signals: Omit<RiskSignals, 'score'>): number {
  const declines = Math.max(signals.playerDeclinesHour, signals.browserDeclinesHour, signals.addressDeclinesHour);
  const points =
    12 * Math.min(declines, 3) +
    8 * Math.min(Math.max(signals.playerCardsDay - 1, 0), 3) +
    (signals.accountAgeDays < 1 ? 15 : signals.accountAgeDays < 7 ? 8 : 0) +
    (signals.gameAccount ? 0 : 5) +
    (signals.countryMismatch ? 10 : 0) +
    (signals.firstPurchase ? 5 : 0) +
    (signals.amountOverLast > 2 ? 5 : 0);
  return Math.min(100, points);
}

const holds = (condition: RiskCondition, signals: RiskSignals) => {
  const value = signals[condition.signal];
  switch (condition.op) {
    case '>=':
      return value >= condition.value;
    case '>':
      return value > condition.value;
    case '<=':
      return value <= condition.value;
    case '<':
      return value < condition.value;
    default:
      return value === condition.value;
  }
};

/** Whether every condition of the rule holds for these signals (a rule with none never does). */
export const ruleMatches = (rule: RiskRule, signals: RiskSignals) => rule.when.length > 0 && rule.when.every((condition) => holds(condition, signals));

/** What a rule's cooling period holds: the scopes its signals are counted in (a rule on the account alone, the player). */
export function scopesOf(rule: RiskRule): RiskScope[] {
  const scopes = new Set<RiskScope>(rule.when.map((condition) => RISK_SIGNALS[condition.signal].scope));
  return RISK_SCOPES.filter((scope) => scopes.has(scope));
}

export type RiskOutcome = 'allow' | RiskAction;

/** The rules' verdict: the action, the active rule that made it (null: none matched), and what dry-run rules would have done. */
export interface RiskVerdict {
  action: RiskOutcome;
  ruleId: string | null;
  wouldHave: Array<{ ruleId: string; action: RiskAction }>;
}

const STRENGTH: Record<RiskOutcome, number> = { allow: 0, challenge: 1, refuse: 2 };

/** The strongest action of the active rules that match (the first such rule names it); dry-run matches are listed, never acted on. */
export function judgeRisk(rules: readonly RiskRule[], signals: RiskSignals): RiskVerdict {
  let verdict: RiskVerdict = { action: 'allow', ruleId: null, wouldHave: [] };
  for (const rule of rules) {
    if (rule.mode === 'off' || !ruleMatches(rule, signals)) continue;
    if (rule.mode === 'dryRun') verdict = { ...verdict, wouldHave: [...verdict.wouldHave, { ruleId: rule.id, action: rule.action }] };
    else if (STRENGTH[rule.action] > STRENGTH[verdict.action]) verdict = { ...verdict, action: rule.action, ruleId: rule.id };
  }
  return verdict;
}

/**
 * transactions/{id}.risk: the decision made before the provider was asked, and why: the signals, the score, the
 * rule set's version and the rule that made it. A refused payment has no order; its decision is counted on the day.
 */
export interface RiskDecision {
  action: RiskOutcome;
  ruleId: string | null;
  wouldHave: RiskVerdict['wouldHave'];
  score: number;
  signals: RiskSignals;
  rulesVersion: number;
  at: number;
}
