import { taxTexts } from '../../shared/tax/orderTax';
import { decideTax } from '../../shared/tax/taxTreatment';
import type { StartPaymentResponse } from '../../shared/api';
import { dateIn } from '../../shared/protections/age';
import { startOfMonthIn } from '../../shared/protections/spendingLimit';
import { OPEN_ORDERS_LISTED_MAX } from '../../shared/validation/paymentForm';
import { ContentionError } from '../firebase/commitIfUnchanged';
import { HttpError } from '../http/errors';
import { runSteps, type Step } from '../lib/undoableSteps';
import type { CodeUseOutcome } from '../offers/offersRepository';
import { codeRefused, offerForNewOrder } from '../offers/offersService';
import { packOnSale } from '../catalogue/packOnSale';
import { gemsGivenBy, openOrdersNotSeen } from '../orders/orderRules';
import { GatewayError } from '../provider/gatewayClient';
import { playerMessage, priceChangedMessage, slotRefusal } from './paymentRefusals';
import { buildPaymentRequest } from './paymentRequest';
import type { OrderDeps } from './paymentDeps';
import type { SlotOutcome } from './orderSlots';
import { riskKeysOf } from '../risk/riskKeys';
import { decidePaymentRisk, readPaymentRisk } from './paymentRisk';
import { orderSourceOf } from './orderSource';
import { creatorForOrder } from '../creators/creatorsService';
import type { PaymentInput } from './paymentInput';
import { newOrderId, settledValue, type PaymentStart } from './paymentStart';
import { assertPayerMayGift, findRecipient, orderGiftOf } from '../gifts/giftRules';
import { giftTexts } from '../../shared/gifts/gift';

export type { PaymentInput };

/** Racing orders kept taking a promo code's uses first: none of this one was started. */
const CODE_BUSY_MESSAGE = 'Many players are using this promo code right now. Please try again in a moment.';

/** How long past the provider's answer a place stays held for the order to be recorded. */
const ORDER_SLOT_MARGIN_MS = 10_000;

/** Gifts need the recipients' directory, wired where the API runs. */
function giftDepsOf(deps: OrderDeps) {
  if (!deps.giftRecipients) throw new Error('Gifts need giftRecipients in the payment deps.');
  return { ...deps, giftRecipients: deps.giftRecipients };
}

/**
 * A payment's start, step by step. Each step that holds something answers how to give it back, and a later
 * step's failure gives back everything held, newest first (runSteps): nothing a refused or failed payment
 * held stays held.
 */
const PAYMENT_STEPS: ReadonlyArray<Step<PaymentStart>> = [
  {
    name: 'decide where the buyer is',
    async run(start) {
      // Before anything is read or held: a buyer the store does not sell to is told so, nothing stored.
      const decision = decideTax(start.input.details.country, start.input.addressCountry ?? null, start.deps.settings.SALES_COUNTRIES);
      if (!decision.sells) throw new HttpError(422, taxTexts.notSoldThere(decision.country), { reason: 'salesCountry' });
      start.tax = decision.tax;
    },
  },
  {
    name: 'read what the rules need',
    async run(start) {
      const { deps, userId, pack, input, now } = start;
      // A gift is sold at the pack's price alone: no offer, first-purchase bonus or promo code is the recipient's.
      if (input.gift && input.promoCode) throw new HttpError(422, giftTexts.noOffers, { reason: 'promoCode' });
      // The reads at once, none holding or writing anything; their refusals come in the order the rules ask them.
      const [open, offer, monthOrders, packOrders, creator, riskReading, recipient] = await Promise.allSettled([
        deps.orders.findOpen(userId, Math.max(deps.settings.MAX_OPEN_ORDERS, OPEN_ORDERS_LISTED_MAX)),
        // The offer is decided here, never by the client: a code that cannot be used is refused before anything is held.
        input.gift ? Promise.resolve({ applied: null, arms: [] }) : offerForNewOrder(deps, userId, pack, input.promoCode, { source: orderSourceOf(input, now).last.source, creatorCode: input.creatorCode ?? null, gameAccount: Boolean(input.session) }, now),
        deps.orders.findMadeSince(userId, startOfMonthIn(deps.settings.STORE_TIME_ZONE, now)),
        // Only a pack with a per-player limit asks; the commit that holds the place counts them (planOrderSlot).
        pack.limit ? deps.orders.findOfPack(userId, pack.id) : Promise.resolve([]),
        // A creator's code must be active; it never changes the price.
        input.creatorCode ? creatorForOrder(deps.creators, input.creatorCode, now) : Promise.resolve(null),
        readPaymentRisk(deps, start),
        input.gift ? findRecipient(giftDepsOf(deps), userId, input.gift.tag, now) : Promise.resolve(null),
      ]);
      start.open = settledValue(open);
      // With `openOrdersSeen`, an open order the player was not asked about refuses it first, so the store asks
      // before a second payable order, wherever the first was started.
      const notSeen = input.openOrdersSeen && openOrdersNotSeen(start.open, input.openOrdersSeen, input.session);
      if (notSeen) {
        throw new HttpError(409, `You have an unpaid order open, ${notSeen[0]!.orderId}. Resume it, or start a new one.`, { openOrders: notSeen });
      }
      ({ applied: start.offer, arms: start.arms } = settledValue(offer));
      start.monthOrders = settledValue(monthOrders);
      start.packOrders = settledValue(packOrders);
      start.creator = settledValue(creator);
      start.riskReading = settledValue(riskReading);
      const found = settledValue(recipient);
      if (found && input.gift) {
        // The payer's own rules for gifts: an account old enough with a purchase of its own, and the day's total.
        assertPayerMayGift(deps.settings, { accountCreatedAt: input.accountCreatedAt ?? null, paidOrders: start.riskReading.facts.paidOrders, monthOrders: start.monthOrders }, pack.priceCents, now);
        start.gift = orderGiftOf(found, input.gift, input.payerName ?? null);
      }
    },
  },
  {
    name: 'decide the payment’s risk',
    async run(start) {
      // Before anything is held or sent: a refusal holds nothing, and the provider never hears of it.
      start.risk = await decidePaymentRisk(start.deps, start, start.riskReading!);
    },
  },
  {
    name: 'hold an open-order place',
    async run({ deps, userId, orderId, now, pack, monthOrders, open, packOrders }) {
      const packHold = { id: pack.id, limit: pack.limit ?? null, since: pack.limit?.per === 'month' ? startOfMonthIn(deps.settings.STORE_TIME_ZONE, now) : 0, orders: packOrders };
      // The place is held until the order is recorded: the provider's longest answer, with room to record it.
      const until = now + 2 * deps.settings.GATEWAY_TIMEOUT_MS + ORDER_SLOT_MARGIN_MS;
      const request = {
        limit: deps.settings.MAX_OPEN_ORDERS,
        now,
        until,
        cents: pack.priceCents,
        monthOrders,
        today: dateIn(deps.settings.STORE_TIME_ZONE, now),
        pack: packHold,
      };
      const slot = await deps.orderSlots.reserve(userId, orderId, request, open).catch((error: unknown): SlotOutcome => {
        // Other payments of this player kept taking the places first: none of this one was started.
        if (error instanceof ContentionError) return { reserved: false, refused: 'openOrderCap', open: [] };
        throw error;
      });
      if (!slot.reserved) throw slotRefusal(slot, deps.settings.SUPPORT_EMAIL);
      return () => deps.orderSlots.release(userId, orderId);
    },
  },
  {
    name: 'take the promo code’s use',
    async run({ deps, userId, pack, now, offer }) {
      if (offer?.kind !== 'promoCode') return;
      const use = await deps.offers.reserveCodeUse(offer.id, userId, pack, now).catch((error: unknown): CodeUseOutcome => {
        if (error instanceof ContentionError) return { reserved: false, message: CODE_BUSY_MESSAGE };
        throw error;
      });
      if (!use.reserved) throw codeRefused(use.message);
      return () => deps.offers.releaseCodeUse(offer.id, userId);
    },
  },
  {
    name: 'open the provider’s checkout',
    async run(start) {
      start.request = buildPaymentRequest(start.deps.settings, start.pack, start.input.details, start.orderId, start.now, start.risk?.action === 'challenge');
      try {
        ({ checkoutUrl: start.checkoutUrl } = await start.deps.gateway.createPayment(start.request));
      } catch (error) {
        throw error instanceof GatewayError ? playerMessage(error) : error;
      }
    },
  },
  {
    name: 'record the order',
    async run({ deps, userId, input, pack, catalogueVersion, offer, arms, creator, gift, tax, request, checkoutUrl, now, risk, keys }) {
      await deps.orders.create({
        ...request!,
        userId,
        ...(input.accountEmail ? { accountEmail: input.accountEmail } : {}),
        ...(input.session ? { madeBy: input.session.sessionUid } : {}),
        packId: pack.id,
        gemCount: pack.gemCount,
        packImage: pack.image,
        catalogueVersion,
        ...(offer ? { offer } : {}),
        tax: tax!,
        risk: risk!,
        riskKeys: keys,
        source: orderSourceOf(input, now),
        ...(creator ? { creator } : {}),
        ...(arms.length > 0 ? { experiments: arms } : {}),
        ...(gift ? { gift } : {}),
        status: 'pending',
        checkoutUrl: checkoutUrl!,
        checked: 0,
        createdAt: now,
        updatedAt: now,
        nextCheckAt: now + deps.settings.ORDER_RECHECK_FIRST_MS,
        leaseUntil: 0,
        checks: 0,
      });
    },
  },
];

/**
 * POST /api/payments: sign and send the request; on SUCCESS record it pending and give the checkout address.
 * With `openOrdersSeen`, an open order the player was not asked about refuses it first (409 with the orders),
 * so the store asks before a second payable order, wherever the first was started.
 */
export async function startPayment(deps: OrderDeps, userId: string, input: PaymentInput): Promise<StartPaymentResponse> {
  const now = Date.now();
  // The catalogue as stored now, not this instance's copy: the order charges what is published at this moment.
  const catalogue = await deps.catalogue.read();
  const pack = packOnSale(catalogue, input.packId, now);
  if (input.priceCents !== undefined && input.priceCents !== pack.priceCents) {
    throw new HttpError(409, priceChangedMessage(pack), { reason: 'priceChanged' });
  }
  const start: PaymentStart = {
    deps,
    userId,
    input,
    pack,
    catalogueVersion: catalogue.version,
    now,
    orderId: newOrderId(now),
    open: [],
    monthOrders: [],
    packOrders: [],
    offer: null,
    arms: [],
    creator: null,
    gift: null,
    keys: riskKeysOf(deps.settings.GIFT_KEY_SECRET, { uid: userId, browserId: input.browserId ?? null, address: input.address }),
  };
  await runSteps(start, PAYMENT_STEPS, (step, error) =>
    deps.log.error({ event: 'order.undo_failed', orderId: start.orderId, userId, step, reason: String(error) }),
  );
  const { offer, orderId } = start;
  deps.log.info({ event: 'order.created', orderId, userId, packId: pack.id, amount: start.request!.amount, risk: start.risk!.action, ...(offer ? { offerId: offer.id, bonusGems: offer.bonusGems } : {}) });
  return {
    orderId,
    checkoutUrl: start.checkoutUrl!,
    gives: gemsGivenBy({ gemCount: pack.gemCount, offer: offer ?? undefined }),
    soldAs: { title: pack.title, amount: start.request!.amount, ...(start.gift ? { giftTo: giftTexts.receiptLine(start.gift.maskedName, start.gift.tag) } : {}) },
  };
}
