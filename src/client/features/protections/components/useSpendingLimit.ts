import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectIsSignedIn } from '../../auth';
import { limitsRequested, selectLimitView } from '../protectionsSlice';

/** The signed-in player's limit and this month's spending, read from the server when the component shows. */
export function useSpendingLimit() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  useEffect(() => {
    if (signedIn) dispatch(limitsRequested());
  }, [dispatch, signedIn]);
  const view = useAppSelector(selectLimitView);
  return signedIn ? view : null;
}
