import type { SaleSourceKind } from '../saleSource';

/**
 * An offer's audience (docs/payments.md, Offers measured against a holdout): rules the store can judge at the moment
 * of purchase from the player's own documents, never a query over all players. Every rule must hold. A player under 18
 * (or who gave no date of birth), or who opted out of tailored offers, is in no audience: they get the default offer.
 */
export type AudienceRule =
  /** Paid before, and not in the last `days` days. */
  | { rule: 'lapsed'; days: number }
  /** Net paid in the last 90 days within [minCents, maxCents) (maxCents null: no top). */
  | { rule: 'spendBand'; minCents: number; maxCents: number | null }
  | { rule: 'source'; sources: SaleSourceKind[] }
  /** Paying with a creator's code (../creators): the bonus a creator's players get, if staff choose to give one. */
  | { rule: 'creator'; code: string }
  | { rule: 'gameAccount'; is: boolean }
  | { rule: 'ownsPack'; packId: number }
  | { rule: 'neverBought'; packId: number }
  | { rule: 'firstPurchase' };

export const SPEND_BAND_DAYS = 90;

/** What the rules are judged from: the player's own standing, read when the order is made. */
export interface AudienceFacts {
  /** 18 or over, by the date of birth they gave. */
  adult: boolean;
  optedOut: boolean;
  /** When their last paid order was paid (ms), null for none. */
  lastPaidAt: number | null;
  /** Net paid in the last SPEND_BAND_DAYS days (A$ cents). */
  spentCents: number;
  source: SaleSourceKind;
  /** The creator's code the player pays with (or arrived with), upper case, null for none. */
  creatorCode: string | null;
  gameAccount: boolean;
  /** The packs of their paid orders. */
  boughtPackIds: readonly number[];
}

const DAY_MS = 86_400_000;

function holds(rule: AudienceRule, facts: AudienceFacts, now: number): boolean {
  switch (rule.rule) {
    case 'lapsed':
      return facts.lastPaidAt !== null && now - facts.lastPaidAt >= rule.days * DAY_MS;
    case 'spendBand':
      return facts.spentCents >= rule.minCents && (rule.maxCents === null || facts.spentCents < rule.maxCents);
    case 'source':
      return rule.sources.includes(facts.source);
    case 'creator':
      return facts.creatorCode === rule.code;
    case 'gameAccount':
      return facts.gameAccount === rule.is;
    case 'ownsPack':
      return facts.boughtPackIds.includes(rule.packId);
    case 'neverBought':
      return !facts.boughtPackIds.includes(rule.packId);
    default:
      return facts.lastPaidAt === null;
  }
}

/** Whether the player is in the audience: an adult who did not opt out, every rule holding. No rule at all: everyone. */
export const inAudience = (rules: readonly AudienceRule[], facts: AudienceFacts, now: number) => facts.adult && !facts.optedOut && rules.every((rule) => holds(rule, facts, now));

/** How the shop words an offer for its audience: honest about why, never "experiment". */
export function audienceWords(rules: readonly AudienceRule[]): string {
  const first = rules[0];
  if (!first) return 'A bonus for every player';
  switch (first.rule) {
    case 'lapsed':
      return 'A bonus for players returning after a while';
    case 'spendBand':
      return 'A bonus for players who buy often';
    case 'source':
      return 'A bonus for players who came by this link';
    case 'creator':
      return 'A bonus for players supporting this creator';
    case 'gameAccount':
      return first.is ? 'A bonus for players signed in with the game' : 'A bonus for players of the web store';
    case 'ownsPack':
      return 'A bonus for owners of a pack';
    case 'neverBought':
      return 'A bonus on a pack you have not bought yet';
    default:
      return 'A bonus on your first purchase';
  }
}
