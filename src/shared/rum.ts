import { bucketOf, percentileOfBuckets } from './histogram';
import type { SaleSourceKind } from './saleSource';

/**
 * Field data from real visits (docs/operations.md, Players' page speed): Core Web Vitals measured in players' browsers
 * (the web-vitals library), sent with the store's own funnel events in one beacon after the page is hidden, and kept
 * as daily histograms per page and device class, so a 75th percentile can be read without a single identifier.
 */
export const RUM_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type RumMetric = (typeof RUM_METRICS)[number];

/** A coarse device class: a touch screen (a phone, mostly), or anything else. Nothing finer is ever sent. */
export const DEVICE_CLASSES = ['phone', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The store's own steps toward a purchase, counted per day, never tied to a player. */
export const FUNNEL_EVENTS = ['shopVisit', 'buy', 'submit'] as const;
export type FunnelEvent = (typeof FUNNEL_EVENTS)[number];

/** Google's "good" thresholds, which the overview reads each page's p75 against (CLS has no unit; the rest are ms). */
export const GOOD_VITALS: Readonly<Record<RumMetric, number>> = { LCP: 2500, INP: 200, CLS: 0.1, FCP: 1800, TTFB: 800 };

const MS_BUCKETS = [50, 100, 200, 300, 400, 500, 600, 800, 1000, 1200, 1500, 1800, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10000, 15000, 20000, 30000];
/** Each metric's histogram: the upper bounds of its buckets; one more bucket holds everything above the last. */
export const RUM_BUCKETS: Readonly<Record<RumMetric, readonly number[]>> = {
  LCP: MS_BUCKETS,
  FCP: MS_BUCKETS,
  TTFB: MS_BUCKETS,
  INP: [16, 25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1500, 2000, 3000, 5000],
  CLS: [0.001, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.5, 0.75, 1, 2],
};

/**
 * The most a vital can plausibly be in a visit anyone would count (ms; CLS has no unit): a longer page load is an
 * abandoned one. A beacon reporting more is refused whole: its numbers are made up, or its visit is not one to count.
 */
export const RUM_MAX_VALUE: Readonly<Record<RumMetric, number>> = { LCP: 30_000, FCP: 30_000, TTFB: 20_000, INP: 5_000, CLS: 2 };

/**
 * Below this many visits, or this many distinct addresses, a page's figures are too few to act on: the overview says so
 * beside them (a handful of visits, or one place sending many, can make any p75).
 */
export const RUM_MIN_VISITS = 20;
export const RUM_MIN_ADDRESSES = 5;

/** The bucket of a metric's histogram a value falls in. */
export const rumBucketOf = (metric: RumMetric, value: number) => bucketOf(RUM_BUCKETS[metric], value);

/** The 75th percentile (or `share`) a metric's histogram says; null with no sample. */
export const percentileOf = (metric: RumMetric, counts: readonly number[], share = 0.75) => percentileOfBuckets(RUM_BUCKETS[metric], counts, share);

/**
 * Where beacons go: API_BASE + API_ROUTES.rum (a test holds the two together), spelt out here so the beacon's few
 * kilobytes need not bring the API's whole contract with them.
 */
export const RUM_BEACON_PATH = '/api/rum';

/** POST /api/rum: one page's vitals and the funnel events since the last beacon (navigator.sendBeacon, JSON). */
export interface RumBeacon {
  /** The route the visit landed on (routeOf: "/account/orders/:orderId", never an order's id). */
  page: string;
  device: DeviceClass;
  metrics: Array<{ name: RumMetric; value: number }>;
  funnel: FunnelEvent[];
  /** Where the visit came from (its session's last touch, ../saleSource): the funnel's steps are counted by it too. */
  source?: SaleSourceKind;
}

/** A funnel step's count of one source, beside the step's whole (funnel_daily/{day}: `buy@creator`). */
export const sourceStepKey = (step: FunnelEvent, source: SaleSourceKind) => `${step}@${source}`;
