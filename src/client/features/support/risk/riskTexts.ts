import { RISK_SIGNALS, type RiskOutcome, type RiskSignal } from '../../../../shared/risk/riskRules';

/** The support console's words for the risk decision (an order's, and the rules page's). */
export const riskConsoleTexts = {
  orderHeading: 'Risk decision',
  orderIntro: 'Made before the provider was asked: the rule that decided, the score, and every signal it read.',
  noDecision: 'This order was made before the store made risk decisions.',
  decision: 'Decision',
  rule: 'Rule',
  noRule: 'no rule matched',
  score: 'Score',
  wouldHave: 'Dry-run rules that matched',
  threeDSecure: '3-D Secure',
  threeDSecureNotSaid: 'the provider did not say',
  signals: 'Signals',
  clear: 'Clear this player',
  clearHint: 'Clearing sets aside every hold and count from before now for this player (their support request checked out); it is recorded with your name.',
  cleared: (when: string) => `Cleared ${when}: their next payment is judged from now on.`,
  clearByUidHeading: 'Clear a held player',
  clearByUidIntro: 'A player refused before any order was made (their support request checked out): clear them by their uid, as their account page or the game shows it.',
  uidLabel: 'Player’s uid',
  rulesTitle: 'Risk rules',
  rulesIntro: 'The rules every payment is judged by before the provider is asked. Dry-run records what a rule would decide and counts it on the overview, without acting. Every change is audited.',
  version: (version: number, by: string, when: string) => `Version ${version}, by ${by}${when ? `, ${when}` : ''}.`,
  when: 'When',
  then: 'Then',
  mode: 'Mode',
  cool: 'Cooling period (minutes)',
  save: 'Save the rules',
  saved: (version: number) => `Saved: version ${version} is in force.`,
  auditHeading: 'Changes',
  auditLine: (by: string, version: number) => `${by} saved version ${version}`,
  noAudit: 'No change yet: the store’s defaults are in force.',
} as const;

export const riskOutcomeWords: Record<RiskOutcome, string> = { allow: 'allowed', challenge: '3-D Secure asked', refuse: 'refused' };
export const riskModeWords = { active: 'Acts', dryRun: 'Dry-run (records only)', off: 'Off' } as const;
export const signalWords = (signal: RiskSignal) => RISK_SIGNALS[signal].words;
