import { sampleOrder } from '../../../../test/fixtures/samples';
import { API_ROUTES, type ApiRoute } from '../../../shared/api';
import { testStore } from '../../testing/testStore';
import { ApiError, apiRequest } from '../../lib/apiClient';
import { answeringApi, settled } from '../../../../test/support/answeringApi';
import { playerOrdersApi } from './playerOrdersApi';

jest.mock('../../lib/apiClient', () => ({ ...jest.requireActual('../../lib/apiClient'), apiRequest: jest.fn() }));

const request = apiRequest as jest.MockedFunction<typeof apiRequest>;
const paid = sampleOrder({ status: 'paid', credited: true, paidAt: 1 });
const { orderId } = paid;
const open = { request: null, eligibility: { eligible: true as const } };
const requested = {
  request: { orderId, status: 'requested' as const, reason: 'Wrong pack', createdAt: 2, decidedAt: null, declineReason: null },
  eligibility: { eligible: false as const, refusal: 'alreadyRequested' as const, message: 'A refund has already been requested for this order.' },
};

/** The API answering by method and route; each call kept as `METHOD route`. */
function answering(answer: (method: string, route: ApiRoute) => unknown) {
  const calls = answeringApi(request, (method, route) => answer(method, route));
  return { calls, sent: () => calls.map(({ method, route }) => `${method} ${route}`) };
}

describe('a receipt and its refund', () => {
  it('another player’s order is not found: a 404 with the API’s words', async () => {
    answering(() => {
      throw new ApiError('refused', 'We have no record of that order.', 404);
    });
    const store = testStore();
    const { error } = await store.dispatch(playerOrdersApi.endpoints.receipt.initiate(orderId));
    expect(error).toMatchObject({ status: 404, message: 'We have no record of that order.' });
  });

  it('a request accepted is the standing shown at once, and the receipt (its refund line) is read again', async () => {
    const { sent } = answering((method, route) => (route === API_ROUTES.order ? paid : method === 'POST' ? requested : open));
    const store = testStore();
    const receipt = store.dispatch(playerOrdersApi.endpoints.receipt.initiate(orderId));
    const standing = store.dispatch(playerOrdersApi.endpoints.refundStanding.initiate(orderId));
    await Promise.all([receipt, standing]);
    await store.dispatch(playerOrdersApi.endpoints.requestRefund.initiate({ orderId, reason: 'Wrong pack' }));
    await settled();
    expect(playerOrdersApi.endpoints.refundStanding.select(orderId)(store.getState() as never).data).toEqual(requested);
    expect(sent()).toEqual([`GET ${API_ROUTES.order}`, `GET ${API_ROUTES.orderRefund}`, `POST ${API_ROUTES.orderRefund}`, `GET ${API_ROUTES.order}`]);
    expect(request.mock.calls[2]![2]).toMatchObject({ parameters: { orderId }, body: { reason: 'Wrong pack' }, signedIn: true });
    receipt.unsubscribe();
    standing.unsubscribe();
  });

  it('a refusal comes back with the server’s reason and changes nothing else', async () => {
    const message = 'Refunds are for unused gems only. This pack added 3,500 gems and your balance is 10.';
    const { sent } = answering((method, route) => {
      if (method === 'POST') throw new ApiError('refused', message, 409);
      return route === API_ROUTES.order ? paid : open;
    });
    const store = testStore();
    const standing = store.dispatch(playerOrdersApi.endpoints.refundStanding.initiate(orderId));
    await standing;
    const refused = await store.dispatch(playerOrdersApi.endpoints.requestRefund.initiate({ orderId, reason: 'Please' }));
    await settled();
    expect(refused.error).toMatchObject({ status: 409, message });
    expect(playerOrdersApi.endpoints.refundStanding.select(orderId)(store.getState() as never).data).toEqual(open);
    expect(sent()).toEqual([`GET ${API_ROUTES.orderRefund}`, `POST ${API_ROUTES.orderRefund}`]);
    standing.unsubscribe();
  });
});

describe('the history’s buttons', () => {
  it('Check again and Cancel order each ask the API about that one order', async () => {
    const { sent } = answering(() => paid);
    const store = testStore();
    await store.dispatch(playerOrdersApi.endpoints.checkOrder.initiate(orderId));
    await store.dispatch(playerOrdersApi.endpoints.cancelOrder.initiate(orderId));
    expect(sent()).toEqual([`POST ${API_ROUTES.orderCheck}`, `POST ${API_ROUTES.orderCancel}`]);
    expect(request.mock.calls.map((call) => call[2]?.parameters)).toEqual([{ orderId }, { orderId }]);
  });
});
