import { bucketOf, percentileOfBuckets } from './histogram';
import type { DeviceClass, FunnelEvent, RumMetric } from './rum';
import type { SaleSourceKind } from './saleSource';

/**
 * The business at a glance (docs/operations.md): daily rollups, counted by increments in the very commits that
 * change orders (stats_daily/{yyyy-mm-dd}, the day in STORE_TIME_ZONE; the beacons' funnel apart, in funnel_daily),
 * so the overview reads a year as at most 730 documents and never scans orders.
 */
export const DAILY_COUNTERS = [
  'ordersMade',
  'paid',
  'paidCents',
  'credited',
  'declined',
  'cancelled',
  'expired',
  'refunded',
  'refundedCents',
  'disputes',
  'chargebacks',
  'chargedBackCents',
  /** Chargebacks the bank reversed (the store won on arbitration), and their money, counted on the day of the reversal. */
  'chargebacksReversed',
  'chargebackReversedCents',
  /** Disputes' money when opened, and the fraud-coded ones (shared/disputes isFraudReason) apart; fraud-coded chargebacks' money (fraud losses). */
  'disputedCents',
  'fraudDisputes',
  'fraudDisputedCents',
  'fraudLossCents',
  /** Daily gifts claimed, their gems, and the claims made within 7 days of the same player's claim before. */
  'giftClaims',
  'giftGems',
  'giftReturns',
  /** Payments that landed from players who claimed a gift in the 7 days before, and their money (counted, nobody named). */
  'paidByGiftClaimers',
  'paidByGiftClaimersCents',
  /** The gem ledger's entries of the day (an opening among them), the gems they gave and the gems they took: the nightly check of the books sums the day's entries against these. */
  'gemEntries',
  'gemsCredited',
  'gemsTakenBack',
  /** Risk decisions (shared/risk/riskRules): payments refused before the provider, sent to a 3-D Secure challenge, and dry-run rules' would-be decisions. */
  'riskRefused',
  'riskChallenged',
  'riskDryRun',
] as const;
export type DailyCounter = (typeof DAILY_COUNTERS)[number];

/** Time from the provider's payment to the credit, in buckets of these upper bounds (ms), and one above. */
export const CREDIT_LAG_BUCKETS_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000, 300_000, 1_800_000, 3_600_000, 86_400_000] as const;

export const creditLagBucketOf = (ms: number) => bucketOf(CREDIT_LAG_BUCKETS_MS, ms);

/** The credit lag's percentile `share` (ms, as its bucket's upper bound); null when empty. */
export const lagPercentileOf = (counts: readonly number[], share: number) => percentileOfBuckets(CREDIT_LAG_BUCKETS_MS, counts, share);

/** A day's counts kept by key, each a map of its own. */
export interface KeyedDayCounts {
  /** GST-free exports' net money by the buyer's country (none for a day before the store recorded it). */
  exportNetCents: Record<string, number>;
  /** The net by pack as sold (packKeyOf), and the payments that landed by pack. */
  packNetCents: Record<string, number>;
  packPaid: Record<string, number>;
  /** By where orders came from (./saleSource countedSource): orders made, payments landed, net money. */
  sourceOrders: Record<string, number>;
  sourcePaid: Record<string, number>;
  sourceNetCents: Record<string, number>;
  /** By creator's code (./creators): orders made, payments landed, and net money (a refund or chargeback takes it back). */
  creatorOrders: Record<string, number>;
  creatorPaid: Record<string, number>;
  creatorNetCents: Record<string, number>;
  /** By experiment's arm (./offers/experiment armKey): players first shown it, orders made, payments landed, net money. */
  experimentExposed: Record<string, number>;
  experimentOrders: Record<string, number>;
  experimentPaid: Record<string, number>;
  experimentNetCents: Record<string, number>;
}

/**
 * One day of the overview. Money is A$ cents (incl. GST for Australian sales); net is paid less refunded and charged
 * back (plus chargebacks reversed); GST is one eleventh of the Australian sales' net (../tax/orderTax), none of exports'.
 */
export interface OverviewDay extends Record<DailyCounter, number>, KeyedDayCounts {
  date: string;
  netCents: number;
  /** The net of GST-free exports, in all (by the buyer's country: exportNetCents). */
  gstFreeNetCents: number;
  gstCents: number;
  funnel: Record<FunnelEvent, number>;
}

/** A page's field speed over the period: p75 of each vital, and how many samples it rests on. */
export interface PageSpeed {
  page: string;
  device: DeviceClass;
  p75: Record<RumMetric, number | null>;
  samples: Record<RumMetric, number>;
  /** The visits whose vitals these are, and the distinct addresses they came from (estimated: shared/addressSketch). */
  visits: number;
  addresses: number;
  /** Fewer than RUM_MIN_VISITS visits, or RUM_MIN_ADDRESSES addresses: the overview marks the figures too few to act on. */
  tooFew: boolean;
}

/** A pack as an order sold it, as the day's counts name it: its id and its title then (a pack renamed since counts apart). */
export const packKeyOf = (packId: number, title: string): string => `${packId}·${title}`;

/** The pack a key of the day's counts names. */
export function packOfKey(key: string): { packId: number; title: string } {
  const at = key.indexOf('·');
  return { packId: Number(key.slice(0, at)), title: key.slice(at + 1) };
}

/** A pack's revenue over the overview's period: its title as sold, the payments that landed, and their net (A$ cents). */
export interface PackRevenue {
  packId: number;
  title: string;
  paid: number;
  netCents: number;
}

/** The periods the overview offers, in days. */
export const OVERVIEW_PERIODS = [7, 30, 90] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];

/** GET /api/support/overview?days=7|30|90 */
/** The period's funnel, orders and money of one source (./saleSource); the rows sum to the whole. */
export interface SourceRow {
  source: SaleSourceKind;
  shopVisit: number;
  buy: number;
  /** Orders made (the funnel's Submit is the server's count of them). */
  submit: number;
  paid: number;
  netCents: number;
  /** Paid orders per shop visit, 0 without a visit. */
  conversion: number;
}

/**
 * The period's orders, payments and net money of one creator's code (./creators). Counted from the orders the server
 * made, never from beacons: anyone can send a beacon, and a code in one would grow the day's document without bound.
 */
export interface CreatorRow {
  code: string;
  orders: number;
  paid: number;
  netCents: number;
  /** Paid orders per order made with the code, 0 without one. */
  conversion: number;
}

export interface OverviewResponse {
  timeZone: string;
  days: OverviewDay[];
  /** The period by where its visits and orders came from, every source of the closed set. */
  sources: SourceRow[];
  /** The period by creator's code, every code with a payment or money in it (largest net first). */
  creators: CreatorRow[];
  /** Shares of the period's orders (declined, cancelled, expired) and of its paid orders (refunds, disputes). */
  rates: { declined: number; cancelled: number; expired: number; refunded: number; disputed: number };
  /** Time from the provider's payment to the credit over the period, ms; null without a sample. */
  creditLag: { p50: number | null; p95: number | null; samples: number };
  /** Revenue by pack as sold over the period, the largest net first. */
  packs: PackRevenue[];
  speed: PageSpeed[];
}

/** A share, 0 when there is nothing to share. */
export const shareOf = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** A share as the console writes it: "0.55 %", at most two decimals. */
export const formatShare = (share: number) => `${(share * 100).toLocaleString('en-AU', { maximumFractionDigits: 2 })} %`;
