import recording from '../../../test/fixtures/purchase.devtools.json';
// The features a purchase loads (with the sign-in's, the shop's, the confirmation's and the order history's pages),
// and the server API's cache (the spending limit's view, the buyer's country, the details kept for next time).
import '../features/auth/gameSignInSlice';
import '../features/payment/paymentSlice';
import '../features/payment/openOrdersSlice';
import '../features/payment/countriesSlice';
import '../features/payment/confirmationSlice';
import '../features/payment/reconcileSlice';
import '../features/shop/shopSlice';
import '../features/orders/transactionsSlice';
import '../features/offers/offersSlice';
import '../features/protections/protectionsSlice';
import '../features/protections/protectionsApi';
import '../features/payment/buyerCountryApi';
import '../wiring/billingDetailsApi';
import '../wiring/serverApi';
import type { RootState } from '../wiring/rootReducer';
import { storeReducer } from './store';

/**
 * A real purchase, recorded from the running app by the browser test (test/system/purchase.test.ts, with
 * RECORD_FIXTURES=1) in the format Redux DevTools exports, replayed through today's root reducer: every
 * step must reach the state that was recorded after it. A reducer change that alters a step fails here;
 * record the purchase again when the change is meant. Features load with their pages, so each step is
 * compared on the slices the recording holds at that step.
 */
type Recording = {
  actionsById: Record<string, { action: { type: string } }>;
  computedStates: Array<{ state: unknown }>;
  stagedActionIds: number[];
};
const { actionsById, computedStates, stagedActionIds } = recording as Recording;

describe('replaying a recorded purchase', () => {
  it('is a whole purchase: submitted, the tab opened, the gems credited, then the order history', () => {
    const types = stagedActionIds.map((id) => actionsById[String(id)]!.action.type);
    for (const step of ['payment/submitted', 'payment/orderCreated', 'payment/tabOpened', 'payment/gemsCredited', 'transactions/ordersOpened', 'transactions/pageUpdated']) {
      expect(types).toContain(step);
    }
  });

  it('reaches the recorded state after every action, and so the recorded final state', () => {
    let state = computedStates[0]!.state as RootState;
    const recordedSlices = (recorded: unknown) =>
      Object.fromEntries(Object.keys(recorded as object).map((key) => [key, (state as unknown as Record<string, unknown>)[key]]));
    // Whether RTK Query's middleware is the one that made the cache: an id of the running app, never the same in a replay.
    const withoutMiddlewareId = (slices: Record<string, unknown>) => {
      const api = slices.serverApi as { config: Record<string, unknown> } | undefined;
      return api ? { ...slices, serverApi: { ...api, config: { ...api.config, middlewareRegistered: 'ours' } } } : slices;
    };
    stagedActionIds.slice(1).forEach((id, index) => {
      state = storeReducer(state, actionsById[String(id)]!.action);
      const recorded = computedStates[index + 1]!.state as Record<string, unknown>;
      const type = actionsById[String(id)]!.action.type;
      expect([type, withoutMiddlewareId(recordedSlices(recorded))]).toEqual([type, withoutMiddlewareId(recorded)]);
    });
    expect(Object.keys(computedStates.at(-1)!.state as object)).toEqual(expect.arrayContaining(['auth', 'balance', 'shop', 'payment', 'transactions']));
    const final = state.payment!;
    const entry = Object.values(final.entries)[0]!;
    expect(entry.phase).toBe('credited');
  });

  it('holds no password, ID token, address or phone', () => {
    const text = JSON.stringify(recording);
    expect(text).not.toContain('dragon-slayer');
    expect(text).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}\./);
    expect(text).not.toMatch(/Castle Road|9876 5432/);
  });
});
