// The customer's design card names four slices (here) and four sagas (features/payment/customerSagaNames.test.ts,
// features/auth/signInSaga.test.ts): a rename of any fails.
import { authSlice } from '../features/auth/authSlice';
import { transactionsSlice } from '../features/orders/transactionsSlice';
import { paymentSlice } from '../features/payment/paymentSlice';
import { shopSlice } from '../features/shop/shopSlice';
import { storeReducer } from './store';

describe('the customer’s names', () => {
  it('are the slices auth, shop, payment and transactions, each under its own name in the store’s state (as Redux DevTools shows it)', () => {
    expect([authSlice, shopSlice, paymentSlice, transactionsSlice].map((slice) => slice.name)).toEqual(['auth', 'shop', 'payment', 'transactions']);
    const state = storeReducer(undefined, { type: '@@INIT' }) as unknown as Record<string, unknown>;
    expect(Object.keys(state)).toEqual(expect.arrayContaining(['auth', 'shop', 'payment', 'transactions']));
  });

});
