import crypto from 'node:crypto';
import { expectedShares, HOLDOUT_ARM, type Experiment } from '../../shared/offers/experiment';
import { sampleRatioMismatch } from '../../shared/offers/experimentStats';
import { armOf, stablePlace } from './armAssignment';

/** A 20 % holdout and two bonuses weighted 1 to 3: shares of 20, 20 and 60 %. */
const experiment: Experiment = { id: 'returning-bonus-2026-12', holdoutShare: 0.2, arms: [10, 20].map((amount, index) => ({ id: `${amount}-percent`, weight: 1 + 2 * index, bonus: { unit: 'percent' as const, amount } })) };

describe('an experiment’s arms', () => {
  it('split 10,000 synthetic uids within one percentage point of the weights, the holdout included', () => {
    const counts: Record<string, number> = {};
    for (let i = 0; i < 10_000; i += 1) {
      const arm = armOf(experiment, `uid-${i.toString(36)}-${(i * 7919) % 10007}`);
      counts[arm] = (counts[arm] ?? 0) + 1;
    }
    const expected = expectedShares(experiment);
    expect(expected).toEqual({ [HOLDOUT_ARM]: 0.2, '10-percent': 0.2, '20-percent': expect.closeTo(0.6, 10) });
    for (const [arm, share] of Object.entries(expected)) expect(Math.abs(counts[arm]! / 10_000 - share)).toBeLessThan(0.01);
    expect(sampleRatioMismatch(counts, expected).mismatch).toBe(false);
  });

  it('give a player the same arm every time, and another experiment places them afresh', () => {
    expect(armOf(experiment, 'player-42')).toBe(armOf(experiment, 'player-42'));
    expect(stablePlace(experiment.id, 'player-42')).toBe(stablePlace(experiment.id, 'player-42'));
    expect(stablePlace('another', 'player-42')).not.toBe(stablePlace(experiment.id, 'player-42'));
    // The place is SHA-256's, as Node's own hash computes it: every instance, and a restart, finds this very number.
    const hex = crypto.createHash('sha256').update('exp:uid').digest('hex');
    expect(stablePlace('exp', 'uid')).toBe(parseInt(hex.slice(0, 13), 16) / 2 ** 52);
  });
});

