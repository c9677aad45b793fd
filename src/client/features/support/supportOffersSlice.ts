import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { SupportOfferDetail } from '../../../shared/api';
import type { Offer } from '../../../shared/offers/offer';
import type { OfferFormData } from '../../../shared/validation/offer';
import { rootReducer } from '../../app/store';

export interface SupportOffersState {
  list: Offer[] | null;
  /** The zone the form's times are entered in (STORE_TIME_ZONE). */
  timeZone: string | null;
  /** The offer being edited, with its audit trail; null for a new one. */
  selected: SupportOfferDetail | null;
  status: 'idle' | 'loading' | 'saving' | 'ready';
  error: string | null;
  /** What the last change did, for the screen reader and the eye. */
  done: string | null;
  /** Offers created in this visit: the new-offer form starts blank again after each. */
  created: number;
}

const initialState: SupportOffersState = { list: null, timeZone: null, selected: null, status: 'idle', error: null, done: null, created: 0 };

const slice = createSlice({
  name: 'supportOffers',
  initialState,
  reducers: {
    offersScreenOpened(state) {
      state.status = 'loading';
      state.error = null;
    },
    offersLoaded(state, action: PayloadAction<{ offers: Offer[]; timeZone: string }>) {
      state.list = action.payload.offers;
      state.timeZone = action.payload.timeZone;
      state.status = 'ready';
    },
    offersFailed(state, action: PayloadAction<string>) {
      state.status = 'ready';
      state.error = action.payload;
    },
    offerOpened(state, _action: PayloadAction<string>) {
      state.error = null;
      state.done = null;
    },
    offerShown(state, action: PayloadAction<SupportOfferDetail>) {
      state.selected = action.payload;
    },
    newOfferChosen(state) {
      state.selected = null;
      state.error = null;
      state.done = null;
    },
    offerSaved(state, _action: PayloadAction<{ form: OfferFormData; offerId: string | null; updatedAt: number | null }>) {
      state.status = 'saving';
      state.error = null;
      state.done = null;
    },
    offerEnded(state, _action: PayloadAction<string>) {
      state.status = 'saving';
      state.error = null;
      state.done = null;
    },
    offerChanged(state, action: PayloadAction<{ detail: SupportOfferDetail; done: string }>) {
      state.status = 'ready';
      state.selected = action.payload.detail;
      state.done = action.payload.done;
      // Newest change first, as the server lists them.
      const changed = action.payload.detail.offer;
      state.list = [changed, ...(state.list ?? []).filter((offer) => offer.id !== changed.id)];
    },
    /** A new offer was saved: it heads the list, and the form is a blank new one again (Edit opens the saved one). */
    offerCreated(state, action: PayloadAction<{ offer: Offer; done: string }>) {
      state.status = 'ready';
      state.selected = null;
      state.done = action.payload.done;
      state.created += 1;
      state.list = [action.payload.offer, ...(state.list ?? []).filter((offer) => offer.id !== action.payload.offer.id)];
    },
    offerChangeFailed(state, action: PayloadAction<string>) {
      state.status = 'ready';
      state.error = action.payload;
    },
  },
  selectors: {
    selectSupportOffers: (state) => state,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const supportOffersSlice = slice.injectInto(rootReducer);

export const {
  offersScreenOpened,
  offersLoaded,
  offersFailed,
  offerOpened,
  offerShown,
  newOfferChosen,
  offerSaved,
  offerEnded,
  offerChanged,
  offerCreated,
  offerChangeFailed,
} = supportOffersSlice.actions;
export const { selectSupportOffers } = supportOffersSlice.selectors;
