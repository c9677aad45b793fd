import { packLimitMessage, type GemPack } from '../../shared/catalogue';
import { disputeTexts } from '../../shared/disputes/dispute';
import { formatAud } from '../../shared/money';
import { purchaseBlockMessages } from '../../shared/protections/playerProtections';
import { overLimitMessage } from '../../shared/protections/spendingLimit';
import { HttpError } from '../http/errors';
import { newestFirst } from '../orders/orderRules';
import type { GatewayError } from '../provider/gatewayClient';
import type { SlotOutcome } from './orderSlots';

/** Why a payment did not start, in the player's words: nothing was charged or held in any case. */

/** Words for the player when the provider could not start a payment. Nothing was charged in any case. */
export function playerMessage(error: GatewayError): HttpError {
  switch (error.failure) {
    case 'timeout':
      return new HttpError(504, 'The payment service did not answer in time. You have not been charged; please try again.');
    case 'refused': {
      const reason = error.message.replace(/[^\w:, -]/g, '').slice(0, 80);
      return new HttpError(
        502,
        `The payment service could not start this payment (${reason}). You have not been charged; please check your details and try again.`,
      );
    }
    default:
      return new HttpError(
        502,
        'The payment service is not available right now. You have not been charged; please try again in a few minutes.',
      );
  }
}

/** The player's page showed another price than the one on sale now: nothing starts until they have seen it. */
export const priceChangedMessage = (pack: GemPack) =>
  `The price of ${pack.title} is now ${formatAud(pack.priceCents)}. Nothing was charged: check the new price, then pay if you still want it.`;

/** The 409 a refused place answers, in the player's words. */
export function slotRefusal(slot: Exclude<SlotOutcome, { reserved: true }>, supportEmail: string): HttpError {
  if (slot.refused === 'spendingLimit') return new HttpError(409, overLimitMessage(slot.leftCents), { reason: 'spendingLimit' });
  if (slot.refused === 'packLimit') return new HttpError(409, packLimitMessage(slot.limit), { reason: 'packLimit' });
  if (slot.refused === 'disputePaused') return new HttpError(409, disputeTexts.paused(supportEmail), { reason: slot.refused });
  if (slot.refused !== 'openOrderCap') return new HttpError(409, purchaseBlockMessages[slot.refused], { reason: slot.refused });
  const newest = newestFirst(slot.open)[0];
  return new HttpError(
    409,
    newest
      ? `You already have ${slot.open.length} unpaid orders open, the newest ${newest.order_id}. Finish paying for one, or wait until it expires, before you start another.`
      : 'Your other payments are still starting. Please wait a moment, then try again.',
    newest ? { reason: 'openOrderCap' } : {},
  );
}

