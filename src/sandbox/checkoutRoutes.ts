import express, { type Request, type Response } from 'express';
import { renderCheckoutPage } from './checkoutPage';
import { fieldsOf } from './fields';
import type { OrderBook, SandboxOrder } from './orders';
import { isDeclinedCard, isOutsideThreeDSecure, payMethodChosen } from './payMethods';
import { renderChallengePage } from './challengePage';
import { payMethodKind } from '../shared/payMethod';
import { THREE_DS_CHALLENGE, type ThreeDSecureOutcome } from '../shared/risk/threeDSecure';

/** What the hosted checkout's routes reach: the orders, and how one ends. */
export interface CheckoutDeps {
  orders: OrderBook;
  /** An order left open past its time is expired first. */
  expireIfStale: (order: SandboxOrder) => void;
  /** Pay or Decline pressed for the order, by a method (and for a card, how 3-D Secure went); answers the return address. */
  finish: (order: SandboxOrder, outcome: 'paid' | 'failed', payMethod?: string, threeDs?: ThreeDSecureOutcome) => string;
  merchantId: string;
}

/** The hosted checkout (/checkout/:nonce): its page, and Pay, Decline and Cancel, each back to the store. */
export function checkoutRoutes({ orders, expireIfStale, finish, merchantId }: CheckoutDeps): express.Router {
  const router = express.Router();
  const withOrder = (handler: (order: SandboxOrder, res: Response, req: Request) => void) => (req: Request, res: Response) => {
    const order = orders.byCheckoutNonce(String(req.params.nonce));
    if (!order) {
      res.status(404).type('text').send('This checkout link is not valid.');
      return;
    }
    expireIfStale(order);
    // The checkout is never framed by another site (no clickjacking of Pay).
    res.set({ 'Content-Security-Policy': "frame-ancestors 'none'", 'X-Frame-Options': 'DENY' });
    handler(order, res, req);
  };

  router.get(
    '/checkout/:nonce',
    withOrder((order, res) => {
      res.type('html').send(renderCheckoutPage(order, merchantId));
    }),
  );

  router.post(
    '/checkout/:nonce/pay',
    withOrder((order, res, req) => {
      const { method, card } = fieldsOf(req.body);
      const payMethod = payMethodChosen(method, card);
      if (payMethodKind(payMethod) !== 'card') return res.redirect(303, finish(order, 'paid', payMethod));
      // The card's bank: it declines a test card of the declined range, whatever else was asked.
      if (isDeclinedCard(card)) return res.redirect(303, finish(order, 'failed', payMethod, 'not_asked'));
      if (order.request.three_ds !== THREE_DS_CHALLENGE) return res.redirect(303, finish(order, 'paid', payMethod, 'not_asked'));
      // The store asked for 3-D Secure: a bank outside it lets the payment through as attempted; any other challenges.
      if (isOutsideThreeDSecure(card)) return res.redirect(303, finish(order, 'paid', payMethod, 'attempted'));
      if (order.status === 'pending') {
        order.challenge = { payMethod };
        orders.changed();
      }
      return res.redirect(303, `/checkout/${encodeURIComponent(order.nonce)}/challenge`);
    }),
  );
  router.get(
    '/checkout/:nonce/challenge',
    withOrder((order, res) => {
      res.type('html').send(renderChallengePage(order));
    }),
  );
  // The cardholder's answer to their bank: confirmed, the payment is taken; failed, it is not.
  router.post(
    '/checkout/:nonce/challenge/:answer',
    withOrder((order, res, req) => {
      const passed = req.params.answer === 'confirm';
      const payMethod = order.challenge?.payMethod;
      if (!payMethod) return res.redirect(303, `/checkout/${encodeURIComponent(order.nonce)}`);
      return res.redirect(303, finish(order, passed ? 'paid' : 'failed', payMethod, passed ? 'authenticated' : 'failed'));
    }),
  );
  router.post('/checkout/:nonce/decline', withOrder((order, res) => res.redirect(303, finish(order, 'failed'))));
  router.post(
    '/checkout/:nonce/cancel',
    withOrder((order, res) => {
      if (order.status === 'pending') {
        order.status = 'cancelled';
        orders.changed();
      }
      res.redirect(303, order.request.cancel_order_url);
    }),
  );
  return router;
}
