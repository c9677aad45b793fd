import type { ProtectionsView } from '../../../../shared/protections/playerProtections';
import { overLimitMessage } from '../../../../shared/protections/spendingLimit';
import type { RootState } from '../../../wiring/rootReducer';
import { selectLimitView } from '../limitsView';

type Limited = ProtectionsView & { leftThisMonthCents: number };

/** A pack priced over what is left of the player's monthly limit, as the server last counted it. */
export const isOverLimit = (view: ProtectionsView | null, priceCents: number): view is Limited =>
  view !== null && view.leftThisMonthCents !== null && priceCents > view.leftThisMonthCents;

/**
 * Why the server would refuse an order at this price, as far as the store already knows (the player's last read
 * limit): said at once, with no checkout tab opened for it. Null when the store does not know of a refusal.
 */
export function selectKnownRefusal(state: RootState, priceCents: number): string | null {
  const view = selectLimitView(state);
  return isOverLimit(view, priceCents) ? overLimitMessage(view.leftThisMonthCents) : null;
}
