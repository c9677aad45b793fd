import { answeringApi, settled } from '../../../../test/support/answeringApi';
import { API_ROUTES } from '../../../shared/api';
import { sampleProtections } from '../../../../test/fixtures/samples';
import { ledgerMoved } from '../../wiring/ledgerActions';
import { testStore } from '../../testing/testStore';
import { ApiError, apiRequest } from '../../lib/apiClient';
import { serverApi } from '../../wiring/serverApi';
import { invalidateServerTags } from '../../wiring/serverApiCache';
import { guardianAsked, protectionsAnswered, selectLimitView } from './limitsView';
import { protectionsApi } from './protectionsApi';
import { selectAskedOf } from './protectionsSlice';

jest.mock('../../lib/apiClient', () => ({ ...jest.requireActual('../../lib/apiClient'), apiRequest: jest.fn() }));

const request = apiRequest as jest.MockedFunction<typeof apiRequest>;
const view = sampleProtections();
const reads = (calls: ReturnType<typeof answeringApi>) => calls.filter(({ method, route }) => method === 'GET' && route === API_ROUTES.spendingLimit).length;

describe('the spending limit through the server API', () => {
  it('components that ask together send one read; the ledger moved reads it again', async () => {
    const calls = answeringApi(request, () => view);
    const store = testStore();
    const shop = store.dispatch(protectionsApi.endpoints.limits.initiate());
    const paymentScreen = store.dispatch(protectionsApi.endpoints.limits.initiate());
    await Promise.all([shop, paymentScreen]);
    expect(reads(calls)).toBe(1);
    expect(selectLimitView(store.getState())).toEqual(view);

    store.dispatch(ledgerMoved());
    await settled();
    expect(reads(calls)).toBe(2);
    shop.unsubscribe();
    paymentScreen.unsubscribe();
  });

  it('a change sends the limit as typed and shows the server’s view after it at once, with no read', async () => {
    const lowered = { ...view, monthlyLimitCents: 1000, leftThisMonthCents: 0 };
    const calls = answeringApi(request, (method) => (method === 'POST' ? lowered : view));
    const store = testStore();
    const shown = store.dispatch(protectionsApi.endpoints.limits.initiate());
    await shown;
    await store.dispatch(protectionsApi.endpoints.changeLimit.initiate({ monthlyLimit: '10' }));
    await settled();
    expect(selectLimitView(store.getState())).toEqual(lowered);
    expect(calls.map(({ method, options }) => [method, options?.body ?? null])).toEqual([['GET', null], ['POST', { monthlyLimit: '10' }]]);
    shown.unsubscribe();
  });

  it('a refused change keeps the view and says why', async () => {
    answeringApi(request, (method) => {
      if (method === 'POST') throw new ApiError('refused', 'monthlyLimit: Enter an amount in dollars.', 400);
      return view;
    });
    const store = testStore();
    const shown = store.dispatch(protectionsApi.endpoints.limits.initiate());
    await shown;
    const refused = await store.dispatch(protectionsApi.endpoints.changeLimit.initiate({ monthlyLimit: 'ten' }));
    expect(refused.error).toMatchObject({ message: 'monthlyLimit: Enter an amount in dollars.', status: 400 });
    expect(selectLimitView(store.getState())).toEqual(view);
    shown.unsubscribe();
  });

  it('a guardian asked is remembered for the visit (the wait for their answer), trimmed', async () => {
    answeringApi(request, () => view);
    const store = testStore();
    expect(selectAskedOf(store.getState())).toBeNull();
    await store.dispatch(protectionsApi.endpoints.askGuardianConsent.initiate({ guardianEmail: ' parent@example.com ' }));
    expect(selectAskedOf(store.getState())).toBe('parent@example.com');
  });

  it('the guardian’s page asks with the link and no sign-in', async () => {
    const calls = answeringApi(request, () => ({ playerEmail: 'young@example.com', limitChange: null }));
    const store = testStore();
    const link = { request: 'r', expires: '1', signature: 's' };
    await store.dispatch(protectionsApi.endpoints.consentRequest.initiate(link));
    await store.dispatch(protectionsApi.endpoints.giveConsent.initiate({ link, form: { confirmGuardian: true, monthlyLimit: '' } as never }));
    expect(calls.map(({ method, options }) => [method, options?.signedIn, options?.query ?? options?.body])).toEqual([
      ['GET', false, link],
      ['POST', false, { ...link, confirmGuardian: true, monthlyLimit: '' }],
    ]);
  });

  it('the light readers (no RTK Query loaded) agree with RTK Query on its own cache, answers and invalidation', async () => {
    answeringApi(request, () => view);
    const seen: Array<{ type: string }> = [];
    const store = testStore({ extraMiddleware: [() => (next) => (action) => (seen.push(action as { type: string }), next(action))] });
    const shown = store.dispatch(protectionsApi.endpoints.limits.initiate());
    await shown;
    await store.dispatch(protectionsApi.endpoints.askGuardianConsent.initiate({ guardianEmail: 'parent@example.com' }));
    expect(selectLimitView(store.getState())).toEqual(protectionsApi.endpoints.limits.select()(store.getState() as never).data);
    const rtkAnswers = seen.filter((action) => protectionsApi.endpoints.limits.matchFulfilled(action) || protectionsApi.endpoints.askGuardianConsent.matchFulfilled(action));
    expect(rtkAnswers).toHaveLength(2);
    expect(seen.filter(protectionsAnswered)).toEqual(rtkAnswers);
    expect(seen.filter(guardianAsked)).toEqual(seen.filter(protectionsApi.endpoints.askGuardianConsent.matchFulfilled));
    expect(invalidateServerTags(['Ledger'])).toEqual(serverApi.util.invalidateTags(['Ledger']));
    shown.unsubscribe();
  });
});
