import { riskScore, type RiskScope, type RiskSignals } from '../../shared/risk/riskRules';
import type { RiskActivityEntry, RiskActivityWrite } from '../ledger/riskActivityRecords';
import type { RiskKeys } from './riskKeys';

export type { RiskActivityEntry, RiskActivityWrite };

/** What the counts were read from: each scope's entries of the last day. */
export type RiskActivity = Record<RiskScope, RiskActivityEntry[]>;

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** What the store knows of the account and the payment, beside the counts. */
export interface PaymentFacts {
  amountCents: number;
  /** When the account was made (ms), or null when Auth could not say: counted as new. */
  accountCreatedAt: number | null;
  gameAccount: boolean;
  billingCountry: string;
  addressCountry: string | null;
  paidOrders: number;
  /** The last paid order's amount (cents), or null for none. */
  lastPaidCents: number | null;
}

const CARD = /^card:/;

/** The signals of a payment from the activity (entries before `since` are not counted: staff cleared the player then). */
export function signalsOf(activity: RiskActivity, facts: PaymentFacts, now: number, since = 0): RiskSignals {
  const within = (entries: RiskActivityEntry[], ms: number) => entries.filter((entry) => entry.at > now - ms && entry.at >= since);
  const declines = (scope: RiskScope, ms: number) => within(activity[scope], ms).filter((entry) => entry.kind === 'decline');
  const distinctCards = (entries: RiskActivityEntry[]) => new Set(entries.map((entry) => entry.card).filter((card) => card && CARD.test(card))).size;
  const starts = (scope: RiskScope) => within(activity[scope], HOUR_MS).filter((entry) => entry.kind === 'start').length;
  const ageDays = facts.accountCreatedAt === null ? 0 : Math.max(0, (now - facts.accountCreatedAt) / DAY_MS);
  const signals: Omit<RiskSignals, 'score'> = {
    playerDeclinesHour: declines('player', HOUR_MS).length,
    playerDeclinesDay: declines('player', DAY_MS).length,
    playerCardsDay: distinctCards(within(activity.player, DAY_MS).filter((entry) => entry.kind !== 'start')),
    playerOrdersHour: starts('player'),
    browserDeclinesHour: declines('browser', HOUR_MS).length,
    browserDeclinedCardsHour: distinctCards(declines('browser', HOUR_MS)),
    browserOrdersHour: starts('browser'),
    addressDeclinesHour: declines('address', HOUR_MS).length,
    addressDeclinedCardsHour: distinctCards(declines('address', HOUR_MS)),
    addressDeclinesDay: declines('address', DAY_MS).length,
    accountAgeDays: Math.floor(ageDays * 10) / 10,
    gameAccount: facts.gameAccount ? 1 : 0,
    countryMismatch: facts.addressCountry !== null && facts.addressCountry !== facts.billingCountry ? 1 : 0,
    amountCents: facts.amountCents,
    amountOverLast: facts.lastPaidCents ? Math.round((facts.amountCents / facts.lastPaidCents) * 100) / 100 : 0,
    paidOrders: facts.paidOrders,
    firstPurchase: facts.paidOrders === 0 && facts.lastPaidCents === null ? 1 : 0,
  };
  return { ...signals, score: riskScore(signals) };
}

/** A payment started: counted against the account and the browser (never the address: a carrier's is shared by thousands). */
export const startedActivity = (keys: RiskKeys, orderId: string, at: number): RiskActivityWrite[] =>
  [keys.player, keys.browser].filter((key): key is string => key !== null).map((key) => ({ key, id: `${orderId}~start`, entry: { at, kind: 'start' } }));

/**
 * A payment's end as the provider said it: a decline counted against all three keys (with its card), a payment that
 * landed against the account (its card, for the cards an account uses). Nothing for any other end.
 */
export function endedActivity(keys: RiskKeys | undefined, orderId: string, ended: 'failed' | 'paid', payMethod: string | undefined, at: number): RiskActivityWrite[] {
  if (!keys) return [];
  const card = payMethod && CARD.test(payMethod) ? { card: payMethod } : {};
  if (ended === 'paid') return [{ key: keys.player, id: `${orderId}~paid`, entry: { at, kind: 'paid', ...card } }];
  return [keys.player, keys.browser, keys.address]
    .filter((key): key is string => key !== null)
    .map((key) => ({ key, id: `${orderId}~decline`, entry: { at, kind: 'decline', ...card } }));
}
