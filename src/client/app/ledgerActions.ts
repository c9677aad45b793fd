import { createAction } from '@reduxjs/toolkit';

/**
 * One of the player's orders began or ended unpaid (made, cancelled, expired, declined): what open orders hold
 * against the monthly limit moved. Paid and refunded orders move the balance (balanceUpdated) too. Whatever shows
 * those figures reads them again; the features that make orders say so without knowing who listens.
 */
export const playerOrdersChanged = createAction('ledger/playerOrdersChanged');
