import { DEFAULT_RISK_RULES, judgeRisk, riskScore, scopesOf, RISK_SIGNAL_NAMES, type RiskRule, type RiskSignals } from './riskRules';

const quiet = (overrides: Partial<RiskSignals> = {}): RiskSignals => ({
  ...(Object.fromEntries(RISK_SIGNAL_NAMES.map((name) => [name, 0])) as RiskSignals),
  accountAgeDays: 400,
  gameAccount: 1,
  amountCents: 4599,
  paidOrders: 2,
  ...overrides,
});

const rule = (overrides: Partial<RiskRule>): RiskRule => ({ id: 'r', name: 'r', when: [{ signal: 'amountCents', op: '>', value: 100 }], action: 'challenge', mode: 'active', ...overrides });

describe('the risk rules', () => {
  it('allow a returning adult buying like before under the store’s defaults', () => {
    expect(judgeRisk(DEFAULT_RISK_RULES, quiet({ amountOverLast: 1 }))).toEqual({ action: 'allow', ruleId: null, wouldHave: [] });
  });

  it('refuse card testing from an address, and ask for 3-D Secure above A$100 on a week-old account', () => {
    expect(judgeRisk(DEFAULT_RISK_RULES, quiet({ addressDeclinedCardsHour: 3 }))).toMatchObject({ action: 'refuse', ruleId: 'address-card-testing' });
    expect(judgeRisk(DEFAULT_RISK_RULES, quiet({ addressDeclinedCardsHour: 2 })).action).toBe('allow');
    expect(judgeRisk(DEFAULT_RISK_RULES, quiet({ amountCents: 10_001, accountAgeDays: 6.9 }))).toMatchObject({ action: 'challenge', ruleId: 'new-account-large' });
    expect(judgeRisk(DEFAULT_RISK_RULES, quiet({ amountCents: 10_000, accountAgeDays: 0 })).action).toBe('allow');
  });

  it('take the strongest action of the active rules that match, named by the first such rule', () => {
    const rules = [rule({ id: 'a' }), rule({ id: 'b', action: 'refuse' }), rule({ id: 'c', action: 'refuse' })];
    expect(judgeRisk(rules, quiet())).toEqual({ action: 'refuse', ruleId: 'b', wouldHave: [] });
  });

  it('list a dry-run rule’s would-be decision and never act on it; an off rule is not judged', () => {
    const rules = [rule({ id: 'dry', action: 'refuse', mode: 'dryRun' }), rule({ id: 'off', action: 'refuse', mode: 'off' })];
    expect(judgeRisk(rules, quiet())).toEqual({ action: 'allow', ruleId: null, wouldHave: [{ ruleId: 'dry', action: 'refuse' }] });
  });

  it('hold what a rule’s signals count: the address for an address rule, the account for one on the account alone', () => {
    expect(scopesOf(DEFAULT_RISK_RULES.find((candidate) => candidate.id === 'address-card-testing')!)).toEqual(['address']);
    expect(scopesOf(rule({ when: [{ signal: 'browserOrdersHour', op: '>', value: 1 }, { signal: 'accountAgeDays', op: '<', value: 1 }] }))).toEqual(['player', 'browser']);
  });

  it('score a card tester’s trace above a returning player’s, and never above 100', () => {
    const { score: _score, ...returning } = quiet();
    expect(riskScore(returning)).toBe(0);
    const { score: _s, ...tester } = quiet({ addressDeclinesHour: 9, playerCardsDay: 9, accountAgeDays: 0, gameAccount: 0, countryMismatch: 1, firstPurchase: 1, amountOverLast: 3 });
    expect(riskScore(tester)).toBe(100);
    expect(riskScore({ ...returning, addressDeclinesHour: 1 })).toBe(12);
  });
});
