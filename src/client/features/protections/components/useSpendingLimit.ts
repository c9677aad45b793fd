import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from '../../../app/hooks';
import { selectIsSignedIn } from '../../auth';
import { useLimitsQuery } from '../protectionsApi';

/**
 * The signed-in player's limit and this month's spending, read from the server when the component shows (a read
 * already under way answers every component that asks meanwhile: a page sends one request, not one per component).
 */
export function useSpendingLimit() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data } = useLimitsQuery(signedIn ? undefined : skipToken);
  return signedIn ? (data ?? null) : null;
}
