import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { ShelfResponse } from '../../../shared/api';
import { findPack, type GemPack } from '../../../shared/catalogue';
import { rootReducer } from '../../wiring/rootReducer';
import { pageShelf } from '../../config/pageShelf';

interface ShopState {
  /** The packs on sale, as the page was served with them and as the shelf saga reads them since. */
  shelf: ShelfResponse;
  /** Whether the shelf came with the page (false: the starting packs, until the published shelf is read). */
  fromPage: boolean;
  /** The console's preview (/shop?preview=draft): the draft's packs, which no read of the published shelf replaces. */
  previewing: boolean;
}

/** Buy is an action the buy saga follows; the shelf is the published catalogue's, read by the shelf saga. */
const slice = createSlice({
  name: 'shop',
  initialState: (): ShopState => ({ ...pageShelf(), previewing: false }),
  reducers: {
    buyClicked(_state, _action: PayloadAction<{ packId: number }>) {},
    shelfRead(state, action: PayloadAction<ShelfResponse>) {
      if (state.previewing) return;
      state.shelf = action.payload;
      state.fromPage = true;
    },
    /** Staff preview the draft's packs in the console's frames. */
    draftPreviewed(state, action: PayloadAction<ShelfResponse>) {
      state.shelf = action.payload;
      state.previewing = true;
    },
    /** Something showed the shelf may be out of date (a payment refused for a changed price): read it again now. */
    shelfStale() {},
  },
  selectors: {
    selectShelf: (state) => state.shelf,
    selectShelfFromPage: (state) => state.fromPage,
    selectShelfPacks: (state): GemPack[] => state.shelf.packs,
    selectShelfPack: (state, id: number | string | null | undefined): GemPack | undefined => findPack(state.shelf.packs, id),
  },
});

declare module '../../wiring/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** The shop state, in the store from the moment this module loads (with its page). */
export const shopSlice = slice.injectInto(rootReducer);

export const { buyClicked, draftPreviewed, shelfRead, shelfStale } = shopSlice.actions;
export const { selectShelf, selectShelfFromPage, selectShelfPacks, selectShelfPack } = shopSlice.selectors;
