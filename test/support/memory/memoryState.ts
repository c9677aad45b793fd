import type { OrderEvent } from '../../../src/shared/orders/orderEvents';
import type { MailKind } from '../../../src/server/mail/outbox';
import type { TransactionRecord } from '../../../src/server/orders/orderRules';
import type { OrderSlots } from '../../../src/server/payments/orderSlotRules';
import type { ProtectionEvent } from '../../../src/shared/protections/spendingLimit';
import type { PlayerProtections } from '../../../src/shared/protections/playerProtections';
import type { ConsentRequest } from '../../../src/server/protections/guardianConsent';

/**
 * What the store keeps in Firestore, as maps: the orders (transactions), balances, saved returns, the orders'
 * histories, the mail owed, rejected callbacks, open-order slots, who took each first-purchase bonus, promo code
 * uses given back or taken again, and the players' protections. The in-memory repositories share it, as the
 * Firestore ones share the database, and tests read it for their asserts.
 */
export interface MemoryState {
  records: Map<string, TransactionRecord>;
  balances: Map<string, number>;
  returns: Map<string, Array<Record<string, string>>>;
  events: OrderEvent[];
  mail: Array<{ kind: MailKind; orderId: string }>;
  rejectedCallbacks: Array<{ orderId: string; reason: string }>;
  slots: Map<string, OrderSlots>;
  /** first_purchase_bonuses: the order that took each player's first-purchase bonus. */
  firstPurchaseTakenBy: Map<string, string>;
  /** Promo code uses given back or taken again by orders' commits (the offers fake counts the rest). */
  codeUses: Array<{ offerId: string; userId: string; change: number }>;
  adoption: { done: boolean };
  /** player_protections as the test described them; others are adults who gave a date of birth. */
  described: Map<string, PlayerProtections>;
  protectionEvents: Map<string, ProtectionEvent[]>;
  consentRequests: Map<string, ConsentRequest>;
}
