import crypto from 'node:crypto';
import { signedJsonHeaders } from '../../src/shared/signedRequest';
import { API_BASE, API_ROUTES } from '../../src/shared/api';
import type { EndStoreSessionsResponse, StoreSessionsResponse } from '../../src/shared/gameSignIn/storeSessions';

/**
 * The game's own server calling the store, as docs/game-integration.md tells its developers to (Store sessions): a JSON
 * body signed as the store's events are, with the shared GAME_WEBHOOK_SECRET (Standard Webhooks).
 */
export async function signedGameCall<T>(store: string, secret: string, route: string, body: unknown, at = new Date()): Promise<{ status: number; body: T & { error?: string } }> {
  const payload = JSON.stringify(body);
  const response = await fetch(`${store}${API_BASE}${route}`, {
    method: 'POST',
    headers: signedJsonHeaders(secret, `msg_${crypto.randomBytes(12).toString('base64url')}`, payload, at),
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as T & { error?: string } };
}

/** A game account's store sessions, newest first. */
export const listStoreSessions = (store: string, secret: string, uid: string) => signedGameCall<StoreSessionsResponse>(store, secret, API_ROUTES.gameStoreSessions, { uid });

/** Ends one of the account's store sessions, or all of them. */
export const endStoreSessions = (store: string, secret: string, uid: string, sessionId?: string) =>
  signedGameCall<EndStoreSessionsResponse>(store, secret, API_ROUTES.gameStoreSessionsEnd, { uid, ...(sessionId ? { sessionId } : {}) });
