import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { PromoCodeResponse } from '../../../shared/api';
import type { PublicOffer } from '../../../shared/offers/offer';
import { rootReducer } from '../../wiring/rootReducer';
import { packBonusOf } from './packBonus';

export interface PromoCodeState {
  packId: number | null;
  /** The code as typed. */
  text: string;
  /** `kept`: the code gives no more than the bonus the pack has now, so the order keeps that bonus. */
  status: 'idle' | 'checking' | 'applied' | 'kept' | 'refused';
  /** What the server said the code adds to the pack, when the order is to use it; null otherwise. */
  applied: PromoCodeResponse | null;
  /** What the code would add, when it gives no more than the pack's bonus now (status `kept`). */
  smaller: PromoCodeResponse | null;
  error: string | null;
}

export interface OffersState {
  /** The running public offers the shop shows (the player's own when signed in); null until read. */
  shop: PublicOffer[] | null;
  promoCode: PromoCodeState;
}

const noCode: PromoCodeState = { packId: null, text: '', status: 'idle', applied: null, smaller: null, error: null };
const initialState: OffersState = { shop: null, promoCode: noCode };

const slice = createSlice({
  name: 'offers',
  initialState,
  reducers: {
    shopOffersWanted(_state, _action: PayloadAction<{ signedIn: boolean }>) {},
    shopOffersLoaded(state, action: PayloadAction<PublicOffer[]>) {
      state.shop = action.payload;
    },
    promoCodeTyped(state, action: PayloadAction<{ packId: number; text: string }>) {
      state.promoCode = { ...noCode, ...action.payload };
    },
    promoCodeChecked(state, action: PayloadAction<{ packId: number; code: string }>) {
      state.promoCode = { ...noCode, packId: action.payload.packId, text: action.payload.code, status: 'checking' };
    },
    promoCodeApplied(state, action: PayloadAction<PromoCodeResponse>) {
      state.promoCode = { ...state.promoCode, status: 'applied', applied: action.payload, smaller: null, error: null };
    },
    /** The code gives no more than the bonus the pack has now: the order keeps the larger, unless the player chooses the code. */
    promoCodeSmaller(state, action: PayloadAction<PromoCodeResponse>) {
      state.promoCode = { ...state.promoCode, status: 'kept', applied: null, smaller: action.payload, error: null };
    },
    /** "Use the Code Instead": the player chose the code over the larger bonus. */
    promoCodeChosen(state) {
      const { smaller } = state.promoCode;
      if (smaller) state.promoCode = { ...state.promoCode, status: 'applied', applied: smaller, smaller: null };
    },
    /** The server refused the code (unknown, ended, used up), when checked or when the order was made. */
    promoCodeRefused(state, action: PayloadAction<{ packId: number; message: string }>) {
      state.promoCode = { ...state.promoCode, packId: action.payload.packId, status: 'refused', applied: null, smaller: null, error: action.payload.message };
    },
    promoCodeRemoved(state) {
      state.promoCode = noCode;
    },
  },
  selectors: {
    selectShopOffers: (state) => state.shop,
    /** The promo code typed for this pack, or null (one typed for another pack is not this one's). */
    selectPackPromoCode: (state, packId: number) => (state.promoCode.packId === packId ? state.promoCode : null),
    /** The bonus the shop shows on a pack now (the largest running offer's), or null: for sagas (a new object each call). */
    selectPackBonus: (state, packId: number) => packBonusOf(state.shop, packId),
  },
});

declare module '../../wiring/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** The offers state, in the store from the moment this module loads (with a page that shows offers). */
export const offersSlice = slice.injectInto(rootReducer);

export const {
  shopOffersWanted,
  shopOffersLoaded,
  promoCodeTyped,
  promoCodeChecked,
  promoCodeApplied,
  promoCodeSmaller,
  promoCodeChosen,
  promoCodeRefused,
  promoCodeRemoved,
} = offersSlice.actions;
export const { selectShopOffers, selectPackPromoCode, selectPackBonus } = offersSlice.selectors;
