import { experimentPlayerId, exposureDayCounts, type ExperimentPlayer, type TailoringRepository } from '../../../src/server/offers/tailoringRepository';
import type { MemoryState } from './memoryState';

/** Tailored offers in memory, as src/server/offers/tailoringRepository.ts keeps them: a first sight counted once. */
export function memoryTailoring(state: Pick<MemoryState, 'records' | 'dayCounts'>): TailoringRepository & { exposures: Map<string, ExperimentPlayer> } {
  const optedOut = new Set<string>();
  const exposures = new Map<string, ExperimentPlayer>();
  return {
    exposures,
    optedOut: async (uid) => optedOut.has(uid),
    async setOptedOut(uid, out) {
      if (out) optedOut.add(uid);
      else optedOut.delete(uid);
    },
    async expose(uid, arm, at) {
      const id = experimentPlayerId(arm.experimentId, uid);
      if (exposures.has(id)) return;
      exposures.set(id, { ...arm, uid, at });
      state.dayCounts.push({ at, day: exposureDayCounts(arm) });
    },
    async ordersOf(experimentId, arms) {
      return [...state.records.values()].filter((record) => record.experiments?.some((each) => each.experimentId === experimentId && arms.includes(each.arm))).map((record) => structuredClone(record));
    },
  };
}
