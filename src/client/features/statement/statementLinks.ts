import type { StatementLine } from '../../../shared/ledger';
import { receiptPath, ROUTES } from '../../../shared/routes';

/** Where a line of the player's own statement leads: its order's receipt, or the daily gift. */
export const playerLinkOf = (line: StatementLine): string | null => (line.orderId ? receiptPath(line.orderId) : line.claimId ? ROUTES.rewards : null);
