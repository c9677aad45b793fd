import crypto from 'node:crypto';
import { HOLDOUT_ARM, type Experiment } from '../../shared/offers/experiment';

/**
 * Which arm of an experiment a player is in (docs/payments.md, Offers measured against a holdout): a stable hash of the
 * experiment's id and their uid, the same on every instance and after every restart, stored nowhere. The server's alone:
 * the client never places a player (and carries no hashing library).
 */
/** A number in [0, 1) from a stable hash of the experiment's id and the player's uid (the first 52 bits of SHA-256). */
export function stablePlace(experimentId: string, uid: string): number {
  const hex = crypto.createHash('sha256').update(`${experimentId}:${uid}`).digest('hex');
  return parseInt(hex.slice(0, 13), 16) / 2 ** 52;
}

/** The player's arm: the holdout for the first `holdoutShare` of places, then each arm by its weight. */
export function armOf(experiment: Experiment, uid: string): string {
  const place = stablePlace(experiment.id, uid);
  if (place < experiment.holdoutShare) return HOLDOUT_ARM;
  const total = experiment.arms.reduce((sum, arm) => sum + arm.weight, 0);
  // Where in the arms' share the place falls, scaled to their weights.
  let mark = ((place - experiment.holdoutShare) / (1 - experiment.holdoutShare)) * total;
  for (const arm of experiment.arms) {
    if (mark < arm.weight) return arm.id;
    mark -= arm.weight;
  }
  return experiment.arms.at(-1)!.id;
}
