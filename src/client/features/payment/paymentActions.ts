import { createAction } from '@reduxjs/toolkit';

/** The nav's Shop link: a fresh shop (docs/storefront.md, Screens). The checkout state, when loaded, forgets the open pack; orders under way keep being followed. */
export const paymentLeft = createAction('payment/left');
