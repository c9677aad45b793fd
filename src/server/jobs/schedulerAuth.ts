import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import { OAuth2Client } from 'google-auth-library';
import type { Settings } from '../config/settings';
import { HttpError } from '../http/errors';

/** The issuers of Google-signed OIDC ID tokens (Cloud Scheduler's, among others). */
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
/** How long Google's signing certificates are kept before they are fetched again. */
const CERTS_KEPT_MS = 60 * 60 * 1000;

/** Who may run a job: answers nothing when allowed, else the HTTP status and why. */
export type SchedulerCheck = (authorization: string | undefined) => Promise<{ status: 401 | 403; why: string } | null>;

const bearer = (authorization: string | undefined) => /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];

/** Locally (`JOBS_AUTH=token`): the bearer JOBS_TOKEN, compared in constant time; no token set, no jobs. */
export function jobsTokenCheck(settings: Settings): SchedulerCheck {
  return async (authorization) => {
    const given = bearer(authorization);
    if (!given) return { status: 401, why: 'missing bearer token' };
    const expected = settings.JOBS_TOKEN;
    const matches = expected.length > 0 && given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    return matches ? null : { status: 403, why: 'not the jobs token' };
  };
}

/**
 * On Cloud Run (`JOBS_AUTH=oidc`): a Google-signed OIDC ID token, as Cloud Scheduler sends with an OIDC
 * target, whose audience is this service's address (JOBS_OIDC_AUDIENCE) and whose verified email is the
 * scheduler's service account (JOBS_SERVICE_ACCOUNT). The signature is checked against Google's public
 * certificates (JOBS_OIDC_CERTS_URL), with the expiry, the issuer and the audience.
 */
export function googleOidcCheck(settings: Settings, fetchCerts: () => Promise<Record<string, string>> = certsFrom(settings.JOBS_OIDC_CERTS_URL)): SchedulerCheck {
  const client = new OAuth2Client();
  return async (authorization) => {
    const token = bearer(authorization);
    if (!token) return { status: 401, why: 'missing bearer token' };
    let payload;
    try {
      const ticket = await client.verifySignedJwtWithCertsAsync(token, await fetchCerts(), settings.JOBS_OIDC_AUDIENCE, GOOGLE_ISSUERS);
      payload = ticket.getPayload();
    } catch (error) {
      return { status: 401, why: `not a valid Google ID token for this service (${(error as Error).message.slice(0, 120)})` };
    }
    if (!payload?.email_verified || payload.email !== settings.JOBS_SERVICE_ACCOUNT) return { status: 403, why: 'not the scheduler service account' };
    return null;
  };
}

/** Google's signing certificates (kid → PEM), fetched at most once an hour. */
function certsFrom(url: string): () => Promise<Record<string, string>> {
  let cached: { certs: Record<string, string>; until: number } | null = null;
  return async () => {
    if (cached && cached.until > Date.now()) return cached.certs;
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`certificates answered ${response.status}`);
    cached = { certs: (await response.json()) as Record<string, string>, until: Date.now() + CERTS_KEPT_MS };
    return cached.certs;
  };
}

/** The check JOBS_AUTH names. */
export function schedulerCheck(settings: Settings): SchedulerCheck {
  return settings.JOBS_AUTH === 'oidc' ? googleOidcCheck(settings) : jobsTokenCheck(settings);
}

/** Lets a job request through only when the check allows it; nothing runs otherwise. */
export function requireScheduler(check: SchedulerCheck): RequestHandler {
  return (req, _res, next) => {
    check(req.get('authorization')).then(
      (refusal) => next(refusal ? new HttpError(refusal.status, `Jobs are for the scheduler only: ${refusal.why}.`) : undefined),
      (error: unknown) => next(error),
    );
  };
}
