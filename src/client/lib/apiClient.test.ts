import { API_ROUTES } from '../../shared/api';
import { apiRequest } from './apiClient';

const request = jest.fn();
jest.mock('axios', () => ({ __esModule: true, default: { request: (config: unknown) => request(config) } }));

let heldToken: string | null = null;
const currentIdToken = jest.fn(async (_fresh?: boolean): Promise<string | null> => 'token-from-worker');
jest.mock('./firebase', () => ({ idTokenNow: () => heldToken, currentIdToken: (fresh?: boolean) => currentIdToken(fresh) }));

beforeEach(() => {
  request.mockReset().mockResolvedValue({ data: { ok: true } });
  currentIdToken.mockClear();
  heldToken = null;
});

describe('apiRequest', () => {
  it('sends inside the call once axios is loaded and the token is held, so a click’s request leaves before the click’s other work', async () => {
    await apiRequest('GET', API_ROUTES.openOrders, { signedIn: true });
    expect(currentIdToken).toHaveBeenCalledTimes(1);

    heldToken = 'held-token';
    const answer = apiRequest('POST', API_ROUTES.payments, { signedIn: true, body: { packId: 1 } });
    // Not awaited: already sent, with the held token and no XSRF cookie to wait for.
    expect(request).toHaveBeenCalledTimes(2);
    expect(request).toHaveBeenLastCalledWith(expect.objectContaining({ method: 'POST', headers: { Authorization: 'Bearer held-token' }, withXSRFToken: false, data: { packId: 1 } }));
    await expect(answer).resolves.toEqual({ ok: true });
    expect(currentIdToken).toHaveBeenCalledTimes(1);
  });

  it('asks the worker when no token is held or a fresh one is wanted, and fails with words for nobody signed in', async () => {
    await apiRequest('GET', API_ROUTES.openOrders, { signedIn: true });
    heldToken = 'held-token';
    void apiRequest('GET', API_ROUTES.openOrders, { signedIn: true, freshToken: true });
    expect(request).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(currentIdToken).toHaveBeenLastCalledWith(true);
    expect(request).toHaveBeenLastCalledWith(expect.objectContaining({ headers: { Authorization: 'Bearer token-from-worker' } }));

    heldToken = null;
    currentIdToken.mockResolvedValueOnce(null);
    await expect(apiRequest('GET', API_ROUTES.openOrders, { signedIn: true })).rejects.toMatchObject({ failure: 'signIn', message: 'Please sign in to continue.' });
  });
});
