import type { OfferBonus } from './bonus';

/**
 * An offer run as an experiment (docs/payments.md, Offers measured against a holdout): arms with weights, and a
 * holdout share that sees no bonus. A player's arm is a stable hash of their uid and the experiment's id (the server's
 * ../../server/offers/armAssignment), so every instance, and every restart, puts them in the same one; it is recorded on every order they make while it runs. A
 * player under 18 is never in one. An arm changes gems, never the price.
 */
export interface ExperimentArm {
  /** Letters, digits and dashes; never "holdout". */
  id: string;
  /** Its share of the players not held out, relative to the other arms' weights. */
  weight: number;
  /** The arm's bonus (null: no bonus, the offer as it would be without the experiment). */
  bonus: OfferBonus | null;
}

export interface Experiment {
  id: string;
  arms: ExperimentArm[];
  /** The share of players held out (0 to 0.5): they see no bonus, and are what the arms are measured against. */
  holdoutShare: number;
}

export const HOLDOUT_ARM = 'holdout';

/** offers/{id}.experiment: an offer run as an experiment; the experiment's id is the offer's. */
export interface OfferExperiment {
  arms: ExperimentArm[];
  holdoutShare: number;
  /** Paused: nobody is placed, and the offer gives nothing, until staff resume it (its arms stay as they were). */
  paused: boolean;
}

/** The arm a player is in, as each order they make while it runs records it (transactions/{id}.experiments). */
export interface OrderArm {
  experimentId: string;
  arm: string;
}

export const experimentOf = (offer: { id: string; experiment: OfferExperiment }): Experiment => ({ id: offer.id, arms: offer.experiment.arms, holdoutShare: offer.experiment.holdoutShare });

/** The bonus an arm gives: none for the holdout, or for an arm without one. */
export function armBonus(experiment: Pick<Experiment, 'arms'>, arm: string): OfferBonus | null {
  return experiment.arms.find((each) => each.id === arm)?.bonus ?? null;
}

/** The day counts' key of an experiment's arm (stats_daily experimentExposed and the rest). */
export const armKey = (experimentId: string, arm: string) => `${experimentId}~${arm}`;

/** Each arm's expected share of all players (the holdout's included), for the sample-ratio check. */
export function expectedShares(experiment: Experiment): Record<string, number> {
  const total = experiment.arms.reduce((sum, arm) => sum + arm.weight, 0);
  return {
    [HOLDOUT_ARM]: experiment.holdoutShare,
    ...Object.fromEntries(experiment.arms.map((arm) => [arm.id, (1 - experiment.holdoutShare) * (arm.weight / total)])),
  };
}
