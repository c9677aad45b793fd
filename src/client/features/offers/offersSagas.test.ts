import { testSaga } from 'redux-saga-test-plan';
import type { PublicOffer } from '../../../shared/offers/offer';
import { ApiError } from '../../lib/apiClient';
import { checkPromoCode, readShopOffers } from './offersApi';
import { checkPromoCodeSaga, loadShopOffersSaga } from './offersSagas';
import { promoCodeApplied, promoCodeChecked, promoCodeRefused, promoCodeSmaller, selectPackBonus, shopOffersLoaded, shopOffersWanted } from './offersSlice';
import { packBonusOf } from './packBonus';

const firstPurchase: PublicOffer = { id: 'first-purchase', kind: 'firstPurchase', title: 'First-purchase bonus', endsAt: null, bonusByPack: { 1: 1000, 3: 3500 } };
const weekend: PublicOffer = { id: 'offer-1', kind: 'timeBoxed', title: 'Weekend bonus', endsAt: 1_800_000_000_000, bonusByPack: { 1: 200, 3: 700, 6: 2000 } };

describe('the offers sagas, step by step', () => {
  it('read the offers the signed-in player may have, then show them', () => {
    testSaga(loadShopOffersSaga, shopOffersWanted({ signedIn: true }))
      .next()
      .call(readShopOffers, true)
      .next({ offers: [firstPurchase] })
      .put(shopOffersLoaded([firstPurchase]))
      .next()
      .isDone();
  });

  it('show no offer when they cannot be read: the packs sell as ever', () => {
    testSaga(loadShopOffersSaga, shopOffersWanted({ signedIn: false }))
      .next()
      .call(readShopOffers, false)
      .throw(new ApiError('unreachable', 'We could not reach the store.'))
      .put(shopOffersLoaded([]))
      .next()
      .isDone();
  });

  it('ask the server what a code adds to the pack, and show it before Submit', () => {
    const answer = { code: 'DRAGON500', title: 'Dragon Week', bonusGems: 500 };
    testSaga(checkPromoCodeSaga, promoCodeChecked({ packId: 3, code: 'dragon500' }))
      .next()
      .call(checkPromoCode, { packId: 3, code: 'dragon500' })
      .next(answer)
      .select(selectPackBonus, 3)
      .next(null)
      .put(promoCodeApplied(answer))
      .next()
      .isDone();
  });

  it('apply a code that gives more than the pack’s running bonus', () => {
    const answer = { code: 'DRAGON4000', title: 'Dragon Week', bonusGems: 4000 };
    testSaga(checkPromoCodeSaga, promoCodeChecked({ packId: 3, code: 'DRAGON4000' }))
      .next()
      .call(checkPromoCode, { packId: 3, code: 'DRAGON4000' })
      .next(answer)
      .select(selectPackBonus, 3)
      .next(packBonusOf([firstPurchase], 3))
      .put(promoCodeApplied(answer))
      .next()
      .isDone();
  });

  it('keep the pack’s larger bonus when the code gives no more, and say so', () => {
    const answer = { code: 'DRAGON20', title: 'Dragon Week', bonusGems: 700 };
    testSaga(checkPromoCodeSaga, promoCodeChecked({ packId: 3, code: 'DRAGON20' }))
      .next()
      .call(checkPromoCode, { packId: 3, code: 'DRAGON20' })
      .next(answer)
      .select(selectPackBonus, 3)
      .next(packBonusOf([firstPurchase], 3))
      .put(promoCodeSmaller(answer))
      .next()
      .isDone();
  });

  it('say under the field why a code cannot be used', () => {
    testSaga(checkPromoCodeSaga, promoCodeChecked({ packId: 3, code: 'NOPE' }))
      .next()
      .call(checkPromoCode, { packId: 3, code: 'NOPE' })
      .throw(new ApiError('refused', 'We do not know that promo code. Check it and try again.', 422, null, 'promoCode'))
      .put(promoCodeRefused({ packId: 3, message: 'We do not know that promo code. Check it and try again.' }))
      .next()
      .isDone();
  });
});

describe('the bonus the shop shows on a pack', () => {
  it('is the largest running offer’s on that pack, with its end; none where no offer applies', () => {
    expect(packBonusOf([weekend, firstPurchase], 3)).toEqual({ gems: 3500, title: 'First-purchase bonus', endsAt: null });
    expect(packBonusOf([weekend, firstPurchase], 6)).toEqual({ gems: 2000, title: 'Weekend bonus', endsAt: weekend.endsAt });
    expect(packBonusOf([weekend, firstPurchase], 2)).toBeNull();
    expect(packBonusOf(null, 3)).toBeNull();
  });
});
