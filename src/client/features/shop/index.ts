/** The shop loads with its page: ./feature names what it starts. Nothing here is for the app's first load. */
export { shopSlice, selectShelfPack, selectShelfPacks, shelfStale } from './shopSlice';
