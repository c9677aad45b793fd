import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { PromoCodeResponse } from '../../../shared/api';
import type { PublicOffer } from '../../../shared/offers/offer';
import { rootReducer } from '../../app/store';

export interface PromoCodeState {
  packId: number | null;
  /** The code as typed. */
  text: string;
  status: 'idle' | 'checking' | 'applied' | 'refused';
  /** What the server said the code adds to the pack; null until it did. */
  applied: PromoCodeResponse | null;
  error: string | null;
}

export interface OffersState {
  /** The running public offers the shop shows (the player's own when signed in); null until read. */
  shop: PublicOffer[] | null;
  promoCode: PromoCodeState;
}

const noCode: PromoCodeState = { packId: null, text: '', status: 'idle', applied: null, error: null };
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
      state.promoCode = { ...state.promoCode, status: 'applied', applied: action.payload, error: null };
    },
    /** The server refused the code (unknown, ended, used up), when checked or when the order was made. */
    promoCodeRefused(state, action: PayloadAction<{ packId: number; message: string }>) {
      state.promoCode = { ...state.promoCode, packId: action.payload.packId, status: 'refused', applied: null, error: action.payload.message };
    },
    promoCodeRemoved(state) {
      state.promoCode = noCode;
    },
  },
  selectors: {
    selectShopOffers: (state) => state.shop,
    /** The promo code typed for this pack, or null (one typed for another pack is not this one's). */
    selectPackPromoCode: (state, packId: number) => (state.promoCode.packId === packId ? state.promoCode : null),
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** The offers state, in the store from the moment this module loads (with a page that shows offers). */
export const offersSlice = slice.injectInto(rootReducer);

export const { shopOffersWanted, shopOffersLoaded, promoCodeTyped, promoCodeChecked, promoCodeApplied, promoCodeRefused, promoCodeRemoved } = offersSlice.actions;
export const { selectShopOffers, selectPackPromoCode } = offersSlice.selectors;
