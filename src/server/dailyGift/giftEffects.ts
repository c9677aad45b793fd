import type { GiftClaimView } from '../../shared/dailyGift/dailyGift';
import { moveEffects, type MoveEffects } from '../ledger/moveEffects';

/** What a gift claimed does besides the claim itself: the gift's gems (a daily gift in the ledger, which the game is told of) and its day's counts. */
export const giftClaimEffects = (uid: string, claim: GiftClaimView, returned: boolean): MoveEffects =>
  moveEffects({
    gems: { kind: 'daily_gift', uid, gems: claim.gems, bonusGems: 0, claimId: claim.claimId, at: claim.at },
    day: { counts: { giftClaims: 1, giftGems: claim.gems, giftReturns: returned ? 1 : 0 } },
  });
