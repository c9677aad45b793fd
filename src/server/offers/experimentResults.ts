import { bonusText, type Offer } from '../../shared/offers/offer';
import { armBonus, armKey, expectedShares, experimentOf, HOLDOUT_ARM, type OfferExperiment } from '../../shared/offers/experiment';
import { conversionInterval, revenueDifference, revenueInterval, sampleRatioMismatch, type ArmResult, type ExperimentResult, type ExperimentResultsResponse, type RevenueSample } from '../../shared/offers/experimentStats';
import { centsOfAmount } from '../../shared/money';
import { dateIn } from '../../shared/protections/age';
import { shareOf } from '../../shared/stats';
import type { StatsRepository, StoredDay } from '../overview/statsRepository';
import { orderStands } from '../orders/paidStanding';
import type { TransactionRecord } from '../orders/orderRules';
import type { OffersRepository } from './offersRepository';
import type { TailoringRepository } from './tailoringRepository';

export interface ExperimentResultsDeps {
  offers: Pick<OffersRepository, 'list'>;
  tailoring: Pick<TailoringRepository, 'ordersOf'>;
  stats: Pick<StatsRepository, 'days'>;
  settings: { STORE_TIME_ZONE: string };
}

type WithExperiment = Offer & { experiment: OfferExperiment };

/** Each arm's money per player, from the experiment's orders: what still stands of each (a refund or a lost dispute takes it back). */
function revenueByArm(orders: readonly TransactionRecord[], experimentId: string): Map<string, Map<string, number>> {
  const byArm = new Map<string, Map<string, number>>();
  for (const order of orders) {
    const arm = order.experiments?.find((each) => each.experimentId === experimentId)?.arm;
    if (arm === undefined || !orderStands(order)) continue;
    const players = byArm.get(arm) ?? byArm.set(arm, new Map()).get(arm)!;
    players.set(order.userId, (players.get(order.userId) ?? 0) + centsOfAmount(order.amount));
  }
  return byArm;
}

/**
 * One experiment's result: exposures, orders, payments and net money from the day's shards over its life; buyers and
 * each buyer's money (for the revenue's spread) from its own orders; every arm against the holdout; the sample-ratio check.
 */
export function experimentResult(offer: WithExperiment, days: readonly StoredDay[], orders: readonly TransactionRecord[], now: number): ExperimentResult {
  const experiment = experimentOf(offer);
  const expected = expectedShares(experiment);
  const sum = (field: 'experimentExposed' | 'experimentOrders' | 'experimentPaid' | 'experimentNetCents', arm: string) =>
    days.reduce((total, day) => total + (day[field]?.[armKey(offer.id, arm)] ?? 0), 0);
  const money = revenueByArm(orders, offer.id);
  const armIds = [HOLDOUT_ARM, ...experiment.arms.map((arm) => arm.id)];
  const samples = new Map<string, RevenueSample>(
    armIds.map((arm) => {
      const players = [...(money.get(arm)?.values() ?? [])];
      // A buyer was shown the offer when their order was made: never fewer exposed than buyers.
      const exposed = Math.max(sum('experimentExposed', arm), players.length);
      return [arm, { exposed, sumCents: players.reduce((total, cents) => total + cents, 0), sumSquaresCents: players.reduce((total, cents) => total + cents * cents, 0) }];
    }),
  );
  const totalExposed = [...samples.values()].reduce((total, sample) => total + sample.exposed, 0);
  const holdout = samples.get(HOLDOUT_ARM)!;
  const arms: ArmResult[] = armIds.map((arm) => {
    const sample = samples.get(arm)!;
    const buyers = money.get(arm)?.size ?? 0;
    const bonus = armBonus(experiment, arm);
    return {
      arm,
      bonus: bonus ? bonusText(bonus) : null,
      expectedShare: expected[arm] ?? 0,
      exposedShare: shareOf(sample.exposed, totalExposed),
      exposed: sample.exposed,
      orders: sum('experimentOrders', arm),
      paidOrders: sum('experimentPaid', arm),
      buyers,
      netCents: sum('experimentNetCents', arm),
      conversion: conversionInterval(buyers, sample.exposed),
      revenuePerExposed: revenueInterval(sample),
      againstHoldout: arm === HOLDOUT_ARM ? null : revenueDifference(sample, holdout),
    };
  });
  const ended = !offer.active || (offer.endsAt !== null && now >= offer.endsAt);
  const state = ended ? 'ended' : offer.experiment.paused ? 'paused' : 'running';
  return {
    offerId: offer.id,
    title: offer.title,
    state,
    startsAt: offer.startsAt,
    endsAt: offer.endsAt,
    arms,
    sampleRatio: sampleRatioMismatch(Object.fromEntries(armIds.map((arm) => [arm, samples.get(arm)!.exposed])), expected),
  };
}

/** The longest an experiment's days are read over (a year): its shards, one read a day. */
const LONGEST_DAYS = 366;
const DAY_MS = 86_400_000;

/** GET /api/support/experiments: every offer run as an experiment, newest change first. */
export async function experimentResults(deps: ExperimentResultsDeps, now = Date.now()): Promise<ExperimentResultsResponse> {
  const offers = (await deps.offers.list()).filter((offer): offer is WithExperiment => Boolean(offer.experiment));
  const zone = deps.settings.STORE_TIME_ZONE;
  const experiments = await Promise.all(
    offers.map(async (offer) => {
      const from = dateIn(zone, Math.max(offer.startsAt, now - LONGEST_DAYS * DAY_MS));
      const to = dateIn(zone, Math.min(now, offer.endsAt ?? now));
      const arms = [HOLDOUT_ARM, ...offer.experiment.arms.map((arm) => arm.id)];
      const [days, orders] = await Promise.all([from <= to ? deps.stats.days(from, to) : Promise.resolve([]), deps.tailoring.ordersOf(offer.id, arms)]);
      return experimentResult(offer, days, orders, now);
    }),
  );
  return { experiments };
}
