import { isServerAnswer, cachedAnswer } from '../../wiring/serverApiCache';
import type { RootState } from '../../wiring/rootReducer';
import type { ProtectionsView } from '../../../shared/protections/playerProtections';

/**
 * The player's protections as the pages and sagas read them, light: from the server API's cache, with no RTK Query
 * loaded (the shop's marks and notices need the view only for a signed-in player, and RTK Query comes with the first
 * read: ./limitsSubscription). The endpoints themselves are ./protectionsApi's.
 */

/** The player's protections as last read (null before). */
export const selectLimitView = (state: RootState): ProtectionsView | null => cachedAnswer<ProtectionsView>(state, 'limits');

/** Each answer of the server that brings the player's protections (a read, or a change answered with the view). */
export const protectionsAnswered = isServerAnswer('limits', 'changeLimit', 'giveBirthDate', 'askGuardianConsent');

/** A guardian asked (the request answered): whom, as the player typed it. */
export const guardianAsked = isServerAnswer('askGuardianConsent');
