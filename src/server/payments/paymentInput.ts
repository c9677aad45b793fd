import type { StoreSessionAccess } from '../../shared/storeSession';
import type { OrderSource } from '../../shared/saleSource';
import type { PaymentFormData } from '../../shared/validation/paymentForm';
import type { GiftRequest } from '../../shared/validation/gift';

/** What a payment asks, as POST /api/payments gives it. */
export interface PaymentInput {
  packId: number;
  details: PaymentFormData;
  accountEmail?: string;
  openOrdersSeen?: readonly string[];
  promoCode?: string;
  /** The country of the request's address (../http/requestCountry), null when unknown: with the billing country, where the buyer is. */
  addressCountry?: string | null;
  /** The price the player's page showed for the pack (cents): an order never charges another. */
  priceCents?: number;
  /** The store session (signed in with the game) that makes it (madeBy): its own orders are all such a session reaches of the account's. */
  session?: StoreSessionAccess | null;
  /** Where the request came from (req.ip, from TRUST_PROXY's proxies) and the browser's own id, for the risk counts. */
  address?: string;
  browserId?: string | null;
  /** When the player's account was made (ms), or null when Auth could not say. */
  accountCreatedAt?: number | null;
  /** Where the visit came from, as the page kept it (shared/saleSource); absent, the store says (./orderSource). */
  source?: OrderSource;
  /** A creator's code the player entered or arrived with (shared/creators): only an active one is taken. */
  creatorCode?: string;
  /** A gift for a friend: the recipient's tag, a message, whether the payer shows their name. */
  gift?: GiftRequest;
  /** The payer's display name in Auth (a gift shows it to the recipient when the payer chose to). */
  payerName?: string | null;
}
