import { createAction, type Middleware, type WithSlice } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { ApiErrorBody, ApiRoute } from '../../shared/api';
import { apiRequest, toApiError, type ApiFailure, type RequestOptions } from '../lib/apiClient';
import { SERVER_API_PATH } from './serverApiCache';
import { addModuleMiddleware } from './moduleMiddleware';
import { rootReducer, type RootState } from './rootReducer';

/** One call of the payments API, as an endpoint names it: `signedIn` false for the calls anyone may make (a guardian's consent link); the others carry the signed-in ID token. */
export interface ServerCall extends RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  route: ApiRoute;
}

/** A failed call as the store keeps it: plain data (Redux DevTools shows it), the API's words for the person. */
export interface ServerError {
  failure: ApiFailure;
  status: number | null;
  message: string;
  reason: ApiErrorBody['reason'] | null;
}

function toServerError(error: unknown): ServerError {
  const { failure, status, message, reason } = toApiError(error);
  return { failure, status, message, reason };
}

/** RTK Query's way to the API: the one API client (its token, its timeout, its words for each failure). */
const serverCall: BaseQueryFn<ServerCall, unknown, ServerError> = async ({ method = 'GET', route, signedIn = true, ...options }) => {
  try {
    return { data: await apiRequest<unknown>(method, route, { ...options, signedIn }) };
  } catch (error) {
    return { error: toServerError(error) };
  }
};

/**
 * Server data the pages read and change: one API, whose endpoints each feature injects as its pages load (the
 * support console's areas, the receipts, the protections). A change names the tags it touched; whatever shows
 * them is read again. Loaded with the first such page, never with the landing.
 */
export const serverApi = createApi({
  reducerPath: SERVER_API_PATH,
  baseQuery: serverCall,
  tagTypes: [
    'OfferPreferences',
    'StaffAccess',
    'RiskRules',
    'Creators',
    'SupportOrder',
    'RefundQueue',
    'Dispute',
    'DisputeQueue',
    'GameEvents',
    'Offer',
    'Offers',
    'Overview',
    'Receipt',
    'RefundStanding',
    'DailyGift',
    // The player's requests about their data, and support's queue of them.
    'Privacy',
    // The player's ledger: what they spent and hold this month (the protections view shows it).
    'Ledger',
  ],
  // Each page reads its data when it opens (the console's figures move by the minute; a receipt after a refund).
  refetchOnMountOrArgChange: true,
  endpoints: () => ({}),
});

declare module './rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof serverApi> {}
}

rootReducer.inject(serverApi);
addModuleMiddleware(serverApi.middleware);

/**
 * The server API's code arrived in a running store: an action through the reducer gives the store its cache (empty),
 * before a first read asks the cache whether it holds the answer.
 */
export const serverApiLoaded = createAction(`${SERVER_API_PATH}/loaded`);

/** Who the server answers as: the account, and (signed in with the game) what its store session may reach. */
const answeredAs = (state: RootState) => {
  const user = state.auth.user;
  return user ? `${user.uid}/${user.storeSession?.sessionUid ?? ''}/${user.storeSession?.personalData ?? ''}` : '';
};

/** Server data is the signed-in account's as it may read it: another account signed in (or none), or the game confirming this session for more, forgets all of it. */
const forgetOnAccountChange: Middleware<object, RootState> = (store) => (next) => (action) => {
  const before = answeredAs(store.getState());
  const result = next(action);
  if (answeredAs(store.getState()) !== before) store.dispatch(serverApi.util.resetApiState());
  return result;
};
addModuleMiddleware(forgetOnAccountChange);

/** The error a query or mutation hook reports, as the words to show (null when there is none). */
export function errorMessage(error: unknown): string | null {
  if (!error) return null;
  return (error as Partial<ServerError>).message ?? toApiError(error).message;
}
