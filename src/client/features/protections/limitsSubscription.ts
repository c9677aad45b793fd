import { serverApiLoaded } from '../../wiring/serverApi';
import type { AppDispatch } from '../../wiring/rootReducer';
import { protectionsApi } from './protectionsApi';

/**
 * Reads the player's protections (once for every component that asks meanwhile) and keeps them in the cache while
 * the asker shows; answers how to stop. Loaded with the first component that shows the limit for a signed-in player.
 */
export function subscribeToLimits(dispatch: AppDispatch): () => void {
  dispatch(serverApiLoaded());
  const subscription = dispatch(protectionsApi.endpoints.limits.initiate(undefined, { forceRefetch: true }));
  return () => subscription.unsubscribe();
}
