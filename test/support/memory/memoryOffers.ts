import type { Offer } from '../../../src/shared/offers/offer';
import type { OfferAuditEntry } from '../../../src/shared/offers/offerAudit';
import { codeRefusal } from '../../../src/server/offers/offerRules';
import type { OffersRepository } from '../../../src/server/offers/offersRepository';

/**
 * The offers repository in memory, for unit tests: the same code rules (codeRefusal) as the Firestore one.
 * `memory` is the memory store, whose orders give code uses back in their own commits.
 */
export function memoryOffers(memory?: { codeUses: Array<{ offerId: string; userId: string; change: number }> }) {
  const offers = new Map<string, Offer>();
  const audits = new Map<string, OfferAuditEntry[]>();
  const uses = new Map<string, number>();
  const key = (offerId: string, uid: string) => `${offerId}/${uid}`;
  /** Uses the orders' commits gave back or took again, not yet counted here. */
  const settle = () => {
    for (const { offerId, userId, change } of memory?.codeUses.splice(0) ?? []) {
      const offer = offers.get(offerId);
      if (offer) offer.uses = (offer.uses ?? 0) + change;
      uses.set(key(offerId, userId), (uses.get(key(offerId, userId)) ?? 0) + change);
    }
  };
  const copy = (offer: Offer | undefined) => {
    settle();
    return offer ? structuredClone(offer) : null;
  };
  const repository: OffersRepository = {
    async list() {
      settle();
      return [...offers.values()].sort((a, b) => b.updatedAt - a.updatedAt).map((offer) => structuredClone(offer));
    },
    async activePublic() {
      return [...offers.values()].filter((offer) => offer.public && offer.active).map((offer) => structuredClone(offer));
    },
    async find(id) {
      return copy(offers.get(id));
    },
    async usesBy(offerId, uid) {
      settle();
      return uses.get(key(offerId, uid)) ?? 0;
    },
    async save(before, after, entry) {
      if ((offers.get(after.id)?.updatedAt ?? null) !== (before?.updatedAt ?? null)) return false;
      offers.set(after.id, structuredClone(after));
      audits.set(after.id, [structuredClone(entry), ...(audits.get(after.id) ?? [])]);
      return true;
    },
    async audit(id) {
      return audits.get(id) ?? [];
    },
    async reserveCodeUse(offerId, uid, pack, now) {
      settle();
      const offer = offers.get(offerId) ?? null;
      const message = codeRefusal(offer, pack, now, uses.get(key(offerId, uid)) ?? 0);
      if (message) return { reserved: false, message };
      offer!.uses = (offer!.uses ?? 0) + 1;
      uses.set(key(offerId, uid), (uses.get(key(offerId, uid)) ?? 0) + 1);
      return { reserved: true };
    },
    async releaseCodeUse(offerId, uid) {
      const offer = offers.get(offerId);
      if (offer) offer.uses = (offer.uses ?? 1) - 1;
      uses.set(key(offerId, uid), (uses.get(key(offerId, uid)) ?? 1) - 1);
    },
  };
  return { repository, offers, uses };
}
