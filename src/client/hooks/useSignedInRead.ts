import { useEffect } from 'react';
import type { AppDispatch } from '../wiring/rootReducer';
import { useAppDispatch, useAppSelector } from '../wiring/hooks';
import { cachedAnswer } from '../wiring/serverApiCache';

/** A module that reads one endpoint and keeps its answer cached until told to stop (it brings RTK Query with it). */
type Subscription = Promise<{ subscribe: (dispatch: AppDispatch) => () => void }>;

/**
 * A signed-in player's server answer, light: read from the server API's cache, its read's code loaded with the first
 * component that asks (a page signed out never loads it), and kept while one shows (a read already under way answers
 * every component that asks meanwhile: a page sends one request, not one per component). Null before it came, and
 * for a visitor.
 */
export function useSignedInRead<T>(signedIn: boolean, endpointName: string, load: () => Subscription): T | null {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!signedIn) return undefined;
    let stop: (() => void) | null = null;
    let left = false;
    void load().then(({ subscribe }) => {
      if (!left) stop = subscribe(dispatch);
    });
    return () => {
      left = true;
      stop?.();
    };
    // The loader is a module's import, the same for the life of the page: a change of it starts nothing new.
  }, [dispatch, signedIn]);
  const answer = useAppSelector((state) => cachedAnswer<T>(state, endpointName));
  return signedIn ? answer : null;
}
