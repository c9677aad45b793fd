import type { ApiRoute } from '../../src/shared/api';
import type { apiRequest } from '../../src/client/lib/apiClient';

type Request = jest.MockedFunction<typeof apiRequest>;
export interface AnsweredCall {
  method: string;
  route: ApiRoute;
  options: Parameters<typeof apiRequest>[2];
}

/**
 * The payments API as a unit test answers it (the test mocks the API client's apiRequest): `answer` is asked each call's
 * method and route; every call is kept, in order, with its options.
 */
export function answeringApi(request: Request, answer: (method: string, route: ApiRoute, options: AnsweredCall['options']) => unknown): AnsweredCall[] {
  const calls: AnsweredCall[] = [];
  request.mockReset();
  request.mockImplementation(async (method, route, options = {}) => {
    calls.push({ method, route, options });
    return answer(method, route, options);
  });
  return calls;
}

/** A few turns of the event loop: long enough for what a change set off (a refetch) to be sent and answered. */
export async function settled(): Promise<void> {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}
