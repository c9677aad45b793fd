import { useAppSelector } from '../../../wiring/hooks';
import { useSignedInRead } from '../../../hooks/useSignedInRead';
import type { ProtectionsView } from '../../../../shared/protections/playerProtections';
import { selectIsSignedIn } from '../../auth';

const loadLimits = () => import(/* webpackChunkName: "limits-read" */ '../limitsSubscription').then(({ subscribeToLimits }) => ({ subscribe: subscribeToLimits }));

/**
 * The signed-in player's limit and this month's spending, read from the server when the component shows. The read's
 * code loads with the first such component of a signed-in player; a visitor's page never loads it.
 */
export function useSpendingLimit(): ProtectionsView | null {
  return useSignedInRead<ProtectionsView>(useAppSelector(selectIsSignedIn), 'limits', loadLimits);
}
