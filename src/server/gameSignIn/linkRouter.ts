import express from 'express';
import { API_ROUTES } from '../../shared/api';
import { LINK_SESSION_ID_PATTERN, linkCodeSchema, redeemLinkSchema, startLinkSchema } from '../../shared/validation/gameSignIn';
import type { PlayerAuth } from '../auth/playerAuth';
import { playerChecks, requirePlayer, storeSessionOf } from '../auth/requirePlayer';
import { requestCountry } from '../http/requestCountry';
import { parseBody } from '../http/parseBody';
import type { RateLimits } from '../http/rateLimits';
import { confirmLink, previewLink, redeemLink, refusedAs, startLink, type Caller, type LinkDeps } from './linkService';

/**
 * "Sign in with the game": the store starts a session and shows its code (anyone; a store session asking the game to
 * confirm it for personal data sends its own token); the signed-in game previews and confirms the code with its
 * player's Firebase ID token, whatever the account's provider (guest, email, Google, Apple); the browser that started
 * it redeems it with its verifier for a custom token. docs/game-integration.md.
 */
export function linkRouter(deps: LinkDeps, auth: PlayerAuth, limits: RateLimits): express.Router {
  const router = express.Router();
  const countryOf = requestCountry(deps.settings);
  const signedIn = requirePlayer(auth, playerChecks(deps.settings));
  // Only the game account itself confirms a code: a store session confirming its own would be its own witness.
  const game: express.RequestHandler[] = [
    signedIn,
    (_req, res, next) => next(storeSessionOf(res) ? refusedAs('notTheGame') : undefined),
  ];
  // Anyone may start or redeem a sign-in; a browser that sends a token is judged by it (a store session asking for its confirmation).
  const maybeSignedIn: express.RequestHandler = (req, res, next) => (req.get('authorization') ? signedIn(req, res, next) : next());
  const callerOf = (res: express.Response): Caller => {
    const session = storeSessionOf(res);
    return session && { ...session, player: res.locals.uid as string };
  };
  const json = express.json({ limit: '1kb' });
  const noStore = (res: express.Response) => res.set('Cache-Control', 'no-store');

  router.post(API_ROUTES.linkSessions, limits.anonymous, maybeSignedIn, json, async (req, res) => {
    const { verifierHash, purpose } = parseBody(startLinkSchema, req.body);
    const start = { verifierHash, purpose, userAgent: req.get('user-agent'), country: countryOf(req), caller: callerOf(res) };
    noStore(res).status(201).json(await startLink(deps, start, Date.now()));
  });

  router.post(API_ROUTES.linkPreview, ...game, ...limits.linkTries, json, async (req, res) => {
    noStore(res).json(await previewLink(deps, parseBody(linkCodeSchema, req.body).code, Date.now(), countryOf(req)));
  });

  router.post(API_ROUTES.linkConfirm, ...game, ...limits.linkTries, json, async (req, res) => {
    noStore(res).json(await confirmLink(deps, res.locals.uid as string, parseBody(linkCodeSchema, req.body).code, Date.now(), countryOf(req)));
  });

  router.post(API_ROUTES.linkRedeem, limits.anonymous, maybeSignedIn, json, async (req, res) => {
    const sessionId = req.params.sessionId ?? '';
    if (!LINK_SESSION_ID_PATTERN.test(sessionId)) throw refusedAs('unknown');
    noStore(res).json(await redeemLink(deps, sessionId, parseBody(redeemLinkSchema, req.body).verifier, Date.now(), callerOf(res)));
  });
  return router;
}
