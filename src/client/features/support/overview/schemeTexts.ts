import { formatAud } from '../../../../shared/money';
import { SCHEME_MARKS } from '../../../../shared/risk/schemeRates';
import { formatShare } from '../../../../shared/stats';

/** The schemes panel's words (../SchemesPanel). */
export const schemeTexts = {
  heading: 'Fraud and disputes against the card schemes’ marks',
  intro: `Disputes and fraud-coded disputes as a share of sales, by count and by value, this quarter and the two before. The schemes warn from ${formatShare(SCHEME_MARKS.disputeWarning)} and monitor from ${formatShare(SCHEME_MARKS.disputeMonitoring)} of sales disputed; AusPayNet asks for strong customer authentication after two quarters in a row past ${formatShare(SCHEME_MARKS.fraudToSales)} fraud to sales and ${formatAud(SCHEME_MARKS.fraudLossCents)} of fraud losses. The last three columns are what the risk rules did: a refusal is a sale that may have been lost, a challenge a step a buyer had to take.`,
  quartersCaption: 'Fraud and disputes by quarter',
  monthsCaption: 'Fraud and disputes by month',
  period: 'Period',
  sales: 'Sales',
  disputes: 'Disputes (count, value)',
  fraud: 'Fraud-coded (count, value)',
  fraudLosses: 'Fraud losses',
  marks: 'Marks',
  refused: 'Refused by rules',
  challenged: '3-D Secure asked',
  dryRun: 'Dry-run matches',
  none: 'none passed',
  pastWarning: 'past the schemes’ warning',
  pastMonitoring: 'past the schemes’ monitoring mark',
  pastFraudMarks: 'past both AusPayNet marks',
  twoQuarters: 'two quarters in a row: strong customer authentication required',
  loading: 'Loading the schemes’ ratios…',
} as const;
