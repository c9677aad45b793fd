import type { Action, UnknownAction } from '@reduxjs/toolkit';

/**
 * What a page may read of the server API's cache, and say to it, without loading RTK Query (which comes with the
 * first page that queries; `serverApi.ts`): a shop visited signed out never loads it. The shapes are RTK Query's own
 * (its state under the API's path, its answers' actions, its invalidation); a unit test holds each against RTK's.
 */
export const SERVER_API_PATH = 'serverApi';

interface CacheState {
  [SERVER_API_PATH]?: { queries?: Record<string, { data?: unknown } | undefined> };
}

/** The answer cached for an endpoint queried without an argument (null before one came). */
export function cachedAnswer<T>(state: unknown, endpointName: string): T | null {
  return ((state as CacheState)[SERVER_API_PATH]?.queries?.[`${endpointName}(undefined)`]?.data as T | undefined) ?? null;
}

type ServerAnswer = UnknownAction & { payload: unknown; meta: { arg: { endpointName: string; originalArgs: unknown } } };

/** Matches the server's answer (a query's or a mutation's, fulfilled) of any of the endpoints named. */
export function isServerAnswer(...endpointNames: string[]) {
  const kinds = [`${SERVER_API_PATH}/executeQuery/fulfilled`, `${SERVER_API_PATH}/executeMutation/fulfilled`];
  return (action: Action): action is ServerAnswer =>
    kinds.includes(action.type) && endpointNames.includes((action as Partial<ServerAnswer>).meta?.arg?.endpointName ?? '');
}

/** Whatever shows these tags reads them again (RTK Query's invalidateTags). */
export const invalidateServerTags = (tags: string[]) => ({ type: `${SERVER_API_PATH}/invalidateTags`, payload: tags });
