import type { PlayerAuth } from '../auth/playerAuth';
import express from 'express';
import { API_ROUTES, type BuyerCountryResponse } from '../../shared/api';
import { startPaymentSchema } from '../../shared/validation/paymentForm';
import { expectedTax } from '../../shared/tax/taxTreatment';
import { providerParametersSchema } from '../../shared/validation/providerParameters';
import { playerChecks, requirePlayer, storeSessionOf } from '../auth/requirePlayer';
import { ISO_COUNTRY_CODES } from '../countries/isoCountries';
import { parseBody } from '../http/parseBody';
import type { RateLimits } from '../http/rateLimits';
import { HttpError } from '../http/errors';
import type { OrderDeps } from './paymentDeps';
import { cancelOrder, checkOrder, listOpenOrders, orderFor, reconcilePending } from './playerOrders';
import { acceptReturn } from '../provider/providerNotices';
import { startPayment } from './startPayment';
import { rememberAtSubmit, type BillingDeps } from '../billing/rememberedDetails';
import { refuseMalformedIds } from '../http/routeIds';
import { requestCountry } from '../http/requestCountry';

const startPaymentBody = startPaymentSchema(ISO_COUNTRY_CODES);

/** The payments API: payments, the provider's return (the player brings it), reconcile, and the player's orders. */
export function paymentsRouter(deps: OrderDeps, auth: PlayerAuth, limits: RateLimits, billing?: BillingDeps): express.Router {
  const router = refuseMalformedIds(express.Router());
  const player = requirePlayer(auth, playerChecks(deps.settings));
  const json = express.json({ limit: '16kb' });
  const uid = (res: express.Response) => res.locals.uid as string;
  const email = (res: express.Response) => res.locals.email as string | undefined;
  const countryOf = requestCountry(deps.settings);
  // The account's age for the risk decision (and a gift's rules), and its name for a gift's recipient: Auth's record;
  // unknown (counted as new, no name) when Auth cannot say.
  const accountOf = (playerUid: string) =>
    Promise.resolve()
      .then(() => auth.getUser(playerUid))
      .then(
        (user) => ({ createdAt: Date.parse(user.metadata?.creationTime ?? '') || null, name: user.displayName ?? null }),
        () => ({ createdAt: null, name: null }),
      );

  router.post(API_ROUTES.payments, player, ...limits.payments, json, async (req, res) => {
    const { packId, openOrdersSeen, promoCode, rememberDetails, rememberedGeneration, priceCents, browserId, source, creatorCode, gift, ...details } = parseBody(startPaymentBody, req.body);
    const addressCountry = countryOf(req);
    const session = storeSessionOf(res);
    // The details as they stand when the Submit arrives: a Forget from now on wins over its Remember.
    const [seen, account] = await Promise.all([billing && rememberDetails !== undefined ? billing.billingProfiles.find(uid(res)) : null, accountOf(uid(res))]);
    const started = await startPayment(deps, uid(res), {
      packId,
      details,
      accountEmail: email(res),
      openOrdersSeen,
      promoCode,
      addressCountry,
      priceCents,
      session,
      address: req.ip,
      browserId: browserId ?? null,
      source,
      creatorCode,
      gift,
      payerName: account.name,
      accountCreatedAt: account.createdAt,
    }).catch(async (error: unknown) => {
      // Refused before the provider was asked (a promo code aside): its count given back before the refusal is answered.
      if (error instanceof HttpError && error.status < 500 && error.status !== 429 && error.details.reason !== 'promoCode') await limits.givePaymentBack(res);
      throw error;
    });
    // Kept (or forgotten) only once the payment started, for a player who may buy; a failure here never fails it.
    if (billing && seen) {
      await rememberAtSubmit(billing, uid(res), session, seen, { details, remember: rememberDetails!, filledFrom: rememberedGeneration }).catch((error: unknown) =>
        deps.log.error({ event: 'billing_profile.unsaved', userId: uid(res), reason: String(error) }),
      );
    }
    res.status(201).json(started);
  });

  router.get(API_ROUTES.buyerCountry, player, limits.orderReads, (req, res) => {
    const addressCountry = countryOf(req);
    const here = expectedTax('', addressCountry, deps.settings.SALES_COUNTRIES);
    res
      .set('Cache-Control', 'no-store')
      .json({ addressCountry, salesCountries: deps.settings.SALES_COUNTRIES, treatmentHere: here.sells ? here.tax.treatment : null } satisfies BuyerCountryResponse);
  });

  router.get(API_ROUTES.openOrders, player, limits.orderReads, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await listOpenOrders(deps, uid(res), storeSessionOf(res)));
  });

  router.post(API_ROUTES.paymentReturn, player, limits.returns, json, async (req, res) => {
    res.json(await acceptReturn(deps, uid(res), parseBody(providerParametersSchema, req.body)));
  });

  router.post(API_ROUTES.reconcile, player, limits.reconcile, async (_req, res) => {
    res.json(await reconcilePending(deps, uid(res)));
  });

  router.get(API_ROUTES.order, player, limits.orderReads, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await orderFor(deps, uid(res), String(req.params.orderId), storeSessionOf(res)));
  });

  router.post(API_ROUTES.orderCheck, player, limits.orderChecks, async (req, res) => {
    res.json(await checkOrder(deps, uid(res), String(req.params.orderId), storeSessionOf(res)));
  });

  router.post(API_ROUTES.orderCancel, player, limits.orderChecks, async (req, res) => {
    res.json(await cancelOrder(deps, uid(res), String(req.params.orderId), storeSessionOf(res)));
  });

  return router;
}
