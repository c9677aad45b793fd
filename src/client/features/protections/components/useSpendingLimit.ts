import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectIsSignedIn } from '../../auth';
import { selectLimitView } from '../limitsView';

/**
 * The signed-in player's limit and this month's spending, read from the server when the component shows (a read
 * already under way answers every component that asks meanwhile: a page sends one request, not one per component).
 * The read's code loads with the first such component of a signed-in player; a visitor's page never loads it.
 */
export function useSpendingLimit() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  useEffect(() => {
    if (!signedIn) return undefined;
    let stop: (() => void) | null = null;
    let left = false;
    void import(/* webpackChunkName: "limits-read" */ '../limitsSubscription').then(({ subscribeToLimits }) => {
      if (!left) stop = subscribeToLimits(dispatch);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [dispatch, signedIn]);
  const view = useAppSelector(selectLimitView);
  return signedIn ? view : null;
}
