import { leftForCap } from '../../../src/server/codeUses/codeUseShards';
import { codeRefusal } from '../../../src/server/offers/offerRules';
import type { OffersRepository } from '../../../src/server/offers/offersRepository';
import { offerUsesKey, type MemoryState } from './memoryState';

/**
 * The offers repository in memory, for unit tests: the same code rules (codeRefusal) as the Firestore one, over the
 * memory store's offers, whose orders give code uses back (and take them again) in their own commits.
 */
export function memoryOffers(state: MemoryState) {
  const { offers, offerAudits: audits, offerUses: uses } = state;
  const copy = <T>(value: T | undefined) => (value ? structuredClone(value) : null);
  const repository: OffersRepository = {
    async list() {
      return [...offers.values()].sort((a, b) => b.updatedAt - a.updatedAt).map((offer) => structuredClone(offer));
    },
    async activePublic() {
      return [...offers.values()].filter((offer) => offer.public && offer.active).map((offer) => structuredClone(offer));
    },
    async find(id) {
      return copy(offers.get(id));
    },
    async usesBy(offerId, uid) {
      return uses.get(offerUsesKey(offerId, uid)) ?? 0;
    },
    async save(before, after, entry) {
      const stored = offers.get(after.id);
      if ((stored?.updatedAt ?? null) !== (before?.updatedAt ?? null)) return { saved: false, why: 'changedMeanwhile' };
      // The uses are one count here (no peak to spread), under the same rule for a cap as the shards'.
      const uses = stored?.uses ?? 0;
      if (after.kind === 'promoCode' && !leftForCap(after.totalUses ?? null, uses, 1)) return { saved: false, why: 'capBelowUses', uses };
      // An edit writes what staff changed; the uses are the orders' commits' to count.
      offers.set(after.id, structuredClone(stored ? { ...after, uses: stored.uses } : after));
      audits.set(after.id, [structuredClone(entry), ...(audits.get(after.id) ?? [])]);
      return { saved: true };
    },
    async audit(id) {
      return audits.get(id) ?? [];
    },
    async reserveCodeUse(offerId, uid, pack, now) {
      const offer = offers.get(offerId) ?? null;
      const message = codeRefusal(offer, pack, now, uses.get(offerUsesKey(offerId, uid)) ?? 0);
      if (message) return { reserved: false, message };
      offer!.uses = (offer!.uses ?? 0) + 1;
      uses.set(offerUsesKey(offerId, uid), (uses.get(offerUsesKey(offerId, uid)) ?? 0) + 1);
      return { reserved: true };
    },
    async releaseCodeUse(offerId, uid) {
      const offer = offers.get(offerId);
      if (offer) offer.uses = (offer.uses ?? 1) - 1;
      uses.set(offerUsesKey(offerId, uid), (uses.get(offerUsesKey(offerId, uid)) ?? 1) - 1);
    },
  };
  return { repository, offers, uses };
}
