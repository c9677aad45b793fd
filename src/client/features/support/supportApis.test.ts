import { sampleHealth, sampleOrder } from '../../../../test/fixtures/samples';
import { API_ROUTES, type ApiRoute } from '../../../shared/api';
import type { SupportOrderDetail } from '../../../shared/support/supportViews';
import { testStore } from '../../testing/testStore';
import { ApiError, apiRequest } from '../../lib/apiClient';
import { answeringApi, settled } from '../../../../test/support/answeringApi';
import { staffAccessApi } from './access/staffAccessApi';
import { supportOrdersApi } from './orders/supportOrdersApi';
import { supportRefundsApi } from './refunds/supportRefundsApi';

jest.mock('../../lib/apiClient', () => ({ ...jest.requireActual('../../lib/apiClient'), apiRequest: jest.fn() }));

const request = apiRequest as jest.MockedFunction<typeof apiRequest>;
const health = sampleHealth();
const forbidden = new ApiError('refused', 'This is for support staff only.', 403);

/** The API answering by route (and whether a fresh token was asked for). */
const answering = (answer: (route: ApiRoute, options: { freshToken?: boolean }) => unknown) => answeringApi(request, (_method, route, options = {}) => answer(route, options));

const detailOf = (status: 'paid' | 'refunded', refund: SupportOrderDetail['refund']): SupportOrderDetail =>
  ({ order: sampleOrder({ status }), player: { uid: 'u-1', email: null, balance: 0 }, providerStatus: null, timeline: [], refund, gameEvents: [], can: {} }) as unknown as SupportOrderDetail;

describe('who sees the support console', () => {
  it('a refused first try asks again with a fresh token: a role granted since sign-in counts', async () => {
    const calls = answering((_route, { freshToken }) => {
      if (!freshToken) throw forbidden;
      return health;
    });
    const store = testStore();
    const { data } = await store.dispatch(staffAccessApi.endpoints.staffAccess.initiate('u-1'));
    expect(data).toEqual({ granted: true, health });
    expect(calls.map(({ options }) => options?.freshToken ?? false)).toEqual([false, true]);
  });

  it('refused with a fresh token too: not staff, an answer (the page shows not-found), not a failure', async () => {
    answering(() => {
      throw forbidden;
    });
    const store = testStore();
    const answer = await store.dispatch(staffAccessApi.endpoints.staffAccess.initiate('u-1'));
    expect(answer.data).toEqual({ granted: false, health: null });
    expect(answer.error).toBeUndefined();
  });

  it('a server that fails is a failure with its words, asked once (the page offers Retry)', async () => {
    const calls = answering(() => {
      throw new ApiError('server', 'Something went wrong on our side. Please try again.', 500);
    });
    const store = testStore();
    const answer = await store.dispatch(staffAccessApi.endpoints.staffAccess.initiate('u-1'));
    expect(answer.error).toEqual({ failure: 'server', status: 500, message: 'Something went wrong on our side. Please try again.', reason: null });
    expect(calls).toHaveLength(1);
  });
});

describe('an action on an order', () => {
  it('two made one right after the other are both sent (none dropped), and the order shows the last answer', async () => {
    const approved = detailOf('refunded', null);
    const calls = answering((route) => (route === API_ROUTES.supportRefundApprove ? approved : route === API_ROUTES.supportOrderCheck ? { detail: approved, providerStatus: 'refunded', failure: null } : null));
    const store = testStore();
    const orderId = approved.order.orderId;
    const first = store.dispatch(supportOrdersApi.endpoints.orderAction.initiate({ orderId, kind: 'approve' }));
    const second = store.dispatch(supportOrdersApi.endpoints.orderAction.initiate({ orderId, kind: 'check' }));
    expect((await first).data?.detail).toEqual(approved);
    expect((await second).data?.check?.providerStatus).toBe('refunded');
    expect(calls.map(({ route }) => route)).toEqual([API_ROUTES.supportRefundApprove, API_ROUTES.supportOrderCheck]);
    await settled();
    expect(supportOrdersApi.endpoints.supportOrder.select(orderId)(store.getState() as never).data).toEqual(approved);
  });

  it('a refund decided reads the refund queue again (its tag), and an action that failed reads the order again', async () => {
    const waiting = detailOf('paid', null);
    let declineFails = false;
    const calls = answering((route) => {
      if (route === API_ROUTES.supportRefunds) return [];
      if (route === API_ROUTES.supportOrder) return waiting;
      if (route === API_ROUTES.supportHealth) return health;
      if (route === API_ROUTES.supportRefundDecline && declineFails) throw new ApiError('refused', 'The provider refused.', 409);
      return waiting;
    });
    const store = testStore();
    const orderId = waiting.order.orderId;
    const queue = store.dispatch(supportRefundsApi.endpoints.refundQueue.initiate());
    const order = store.dispatch(supportOrdersApi.endpoints.supportOrder.initiate(orderId));
    await Promise.all([queue, order]);
    const reads = (route: ApiRoute) => calls.filter((call) => call.route === route).length;
    expect([reads(API_ROUTES.supportRefunds), reads(API_ROUTES.supportOrder)]).toEqual([1, 1]);

    await store.dispatch(supportOrdersApi.endpoints.orderAction.initiate({ orderId, kind: 'decline', reason: 'Used gems.' }));
    await settled();
    // Answered with the order, so it is not read again; the queue it changed is.
    expect([reads(API_ROUTES.supportRefunds), reads(API_ROUTES.supportOrder)]).toEqual([2, 1]);

    declineFails = true;
    const failed = await store.dispatch(supportOrdersApi.endpoints.orderAction.initiate({ orderId, kind: 'decline', reason: 'Used gems.' }));
    expect(failed.error).toMatchObject({ message: 'The provider refused.', status: 409 });
    await settled();
    expect([reads(API_ROUTES.supportRefunds), reads(API_ROUTES.supportOrder)]).toEqual([3, 2]);
    queue.unsubscribe();
    order.unsubscribe();
  });
});
