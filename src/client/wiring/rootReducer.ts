import { combineSlices, type Dispatch, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';

/**
 * The store's shape, which every feature plugs into and none owns. Each slice declares itself in one of these (RTK's
 * lazy-loaded slices): the starting ones (who is signed in, their balance) the app puts in as it makes the store
 * (app/store.ts); the others (shop, payment, orders, support…) inject themselves when their pages load.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StartingSlices {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices({}).withLazyLoadedSlices<StartingSlices & LazyLoadedSlices>();

/** The state: the starting slices always there, the others once their pages loaded. */
export type RootState = ReturnType<typeof rootReducer> & StartingSlices;

/** The store's dispatch: plain actions, and RTK's thunks (RTK Query's requests among them). */
export type AppDispatch = ThunkDispatch<RootState, undefined, UnknownAction> & Dispatch<UnknownAction>;
