import express from 'express';
import type { Auth } from 'firebase-admin/auth';
import { API_ROUTES } from '../../shared/api';
import { LINK_SESSION_ID_PATTERN, linkCodeSchema, redeemLinkSchema, startLinkSchema } from '../../shared/validation/gameSignIn';
import { playerChecks, requirePlayer } from '../auth/requirePlayer';
import { requestCountry } from '../http/requestCountry';
import { parseBody } from '../http/parseBody';
import type { RateLimits } from '../http/rateLimits';
import { confirmLink, previewLink, redeemLink, refusedAs, startLink, type LinkDeps } from './linkService';

/**
 * "Sign in with the game": the store starts a session and shows its code (anyone); the signed-in game previews and
 * confirms the code with its player's Firebase ID token, whatever the account's provider (guest, email, Google,
 * Apple); the browser that started it redeems it with its verifier for a custom token. docs/game-integration.md.
 */
export function linkRouter(deps: LinkDeps, auth: Auth, limits: RateLimits): express.Router {
  const router = express.Router();
  const countryOf = requestCountry(deps.settings);
  const game = requirePlayer(auth, playerChecks(deps.settings));
  const json = express.json({ limit: '1kb' });
  const noStore = (res: express.Response) => res.set('Cache-Control', 'no-store');

  router.post(API_ROUTES.linkSessions, limits.anonymous, json, async (req, res) => {
    const { verifierHash } = parseBody(startLinkSchema, req.body);
    noStore(res).status(201).json(await startLink(deps, verifierHash, req.get('user-agent'), Date.now(), countryOf(req)));
  });

  router.post(API_ROUTES.linkPreview, game, ...limits.linkTries, json, async (req, res) => {
    noStore(res).json(await previewLink(deps, parseBody(linkCodeSchema, req.body).code, Date.now(), countryOf(req)));
  });

  router.post(API_ROUTES.linkConfirm, game, ...limits.linkTries, json, async (req, res) => {
    noStore(res).json(await confirmLink(deps, res.locals.uid as string, parseBody(linkCodeSchema, req.body).code, Date.now(), countryOf(req)));
  });

  router.post(API_ROUTES.linkRedeem, limits.anonymous, json, async (req, res) => {
    const sessionId = req.params.sessionId ?? '';
    if (!LINK_SESSION_ID_PATTERN.test(sessionId)) throw refusedAs('unknown');
    noStore(res).json(await redeemLink(deps, sessionId, parseBody(redeemLinkSchema, req.body).verifier, Date.now()));
  });
  return router;
}
