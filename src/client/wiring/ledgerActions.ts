import { invalidateServerTags } from './serverApiCache';

/**
 * The player's ledger moved: an order began or ended unpaid (made, cancelled, expired, declined), or a payment or a
 * refund moved the balance. Whatever shows its figures (the spending limit's view) names the tag and is read again;
 * the features that move the ledger say so without knowing who listens.
 */
export const ledgerMoved = () => invalidateServerTags(['Ledger']);
