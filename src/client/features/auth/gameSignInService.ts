import { API_ROUTES, type RedeemLinkResponse, type StartLinkResponse } from '../../../shared/api';
import type { LinkPurpose } from '../../../shared/gameSignIn/linkSession';
import { apiRequest } from '../../lib/apiClient';
import { callFirebase } from '../../lib/firebase';
import type { PublicUser } from './storedUser';

/** "Sign in with the game": the API calls, the verifier that proves this browser started the session, and the sign-in. */

const base64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A new verifier: 32 random bytes (43 base64url characters), held only by the saga that started the session. */
export function newVerifier(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Its SHA-256, base64url: what the server keeps, so only the holder of the verifier can take the sign-in up. */
export async function hashVerifier(verifier: string): Promise<string> {
  return base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

/** A new code; one for personal data is asked by this browser's store session, with its token. */
export const startGameSignIn = (verifierHash: string, purpose: LinkPurpose = 'signIn') =>
  apiRequest<StartLinkResponse>('POST', API_ROUTES.linkSessions, { body: { verifierHash, purpose }, signedIn: purpose === 'personalData' });

export const redeemGameSignIn = (sessionId: string, verifier: string, purpose: LinkPurpose = 'signIn') =>
  apiRequest<RedeemLinkResponse>('POST', API_ROUTES.linkRedeem, { parameters: { sessionId }, body: { verifier }, signedIn: purpose === 'personalData' });

export function signInWithToken(customToken: string): Promise<PublicUser> {
  return callFirebase('signInWithToken', customToken);
}
