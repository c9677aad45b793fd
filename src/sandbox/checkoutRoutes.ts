import express, { type Request, type Response } from 'express';
import { renderCheckoutPage } from './checkoutPage';
import { fieldsOf } from './fields';
import type { OrderBook, SandboxOrder } from './orders';
import { payMethodChosen } from './payMethods';

/** What the hosted checkout's routes reach: the orders, and how one ends. */
export interface CheckoutDeps {
  orders: OrderBook;
  /** An order left open past its time is expired first. */
  expireIfStale: (order: SandboxOrder) => void;
  /** Pay or Decline pressed for the order, by a method; answers the return address. */
  finish: (order: SandboxOrder, outcome: 'paid' | 'failed', payMethod?: string) => string;
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
    withOrder((order, res, req) => res.redirect(303, finish(order, 'paid', payMethodChosen(fieldsOf(req.body).method, fieldsOf(req.body).card)))),
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
