import express from 'express';
import { z } from 'zod';
import { API_ROUTES } from '../../shared/api';
import { archiveFileName, privacyTexts } from '../../shared/privacy/privacy';
import { mayReachPersonalData } from '../../shared/storeSession';
import type { RateLimits } from '../http/rateLimits';
import { HttpError } from '../http/errors';
import { parseBody } from '../http/parseBody';
import { refuseMalformedIds } from '../http/routeIds';
import type { PlayerAuth } from '../auth/playerAuth';
import { playerChecks, requirePlayer, storeSessionOf } from '../auth/requirePlayer';
import { requireSupport, type StaffMember } from '../auth/requireSupport';
import type { StaffRecords } from '../auth/supportRole';
import { cancelDeletion, carryOutDeletion, privacyQueue, privacyStatus, requestDeletion, sendArchive, type PrivacyDeps } from './privacyService';

/** How support checked that a player who asked by email is who they say: said in words, kept with the request. */
const supportNoteSchema = z.string().trim().min(5, 'Say how you checked it is the player (at least 5 characters).').max(300);
const supportDeletionSchema = z.strictObject({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/), note: supportNoteSchema });

/**
 * A player's own data: their archive (only their own uid; a browser signed in with the game only once the game confirmed
 * it for personal data), their deletion request (asked with a fresh sign-in, by the account itself), and support's
 * queue of every request, an archive made for a player who asked by email, and a deletion carried out.
 */
export function privacyRouter(deps: PrivacyDeps & { settings: { USE_FIREBASE_EMULATORS: boolean }; staff: StaffRecords }, auth: PlayerAuth, limits: RateLimits): express.Router {
  const router = refuseMalformedIds(express.Router());
  const player = requirePlayer(auth, playerChecks(deps.settings));
  const staffOnly = [...requireSupport(auth, deps.staff), limits.support];
  const uid = (res: express.Response) => res.locals.uid as string;
  const staff = (res: express.Response) => res.locals.staff as StaffMember;
  const fresh = (res: express.Response) => res.set('Cache-Control', 'no-store');
  const zipTo = (res: express.Response, at: number) => () =>
    fresh(res).set({ 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${archiveFileName(at)}"` });
  /** The account's own sign-in: a store session (signed in with a game code) never asks for the whole account's data or its end. */
  const ownSignIn = (res: express.Response, personalDataEnough: boolean) => {
    const session = storeSessionOf(res);
    if (session && !(personalDataEnough && mayReachPersonalData(session, null))) throw new HttpError(403, privacyTexts.gameSession, { reason: 'confirmInGame' });
  };

  router.get(API_ROUTES.privacy, player, limits.orderReads, async (_req, res) => {
    fresh(res).json(await privacyStatus(deps, uid(res), Date.now()));
  });
  router.get(API_ROUTES.dataArchive, player, limits.orderReads, async (req, res) => {
    if (req.params.uid !== uid(res)) throw new HttpError(403, 'You can download only your own data.');
    ownSignIn(res, true);
    const at = Date.now();
    await sendArchive(deps, uid(res), { by: 'player' }, zipTo(res, at), at);
  });
  router.post(API_ROUTES.accountDeletion, player, limits.refunds, async (_req, res) => {
    ownSignIn(res, false);
    const claims = res.locals.claims as { auth_time?: number };
    const view = await requestDeletion(deps, uid(res), { by: 'player', signedInAt: (claims.auth_time ?? 0) * 1000 }, Date.now());
    fresh(res).status(201).json(view);
  });
  router.delete(API_ROUTES.accountDeletion, player, limits.refunds, async (_req, res) => {
    ownSignIn(res, false);
    await cancelDeletion(deps, uid(res), Date.now());
    fresh(res).status(204).end();
  });

  router.get(API_ROUTES.supportPrivacyRequests, ...staffOnly, async (_req, res) => {
    fresh(res).json(await privacyQueue(deps));
  });
  router.post(API_ROUTES.supportPrivacyRequests, ...staffOnly, express.json({ limit: '2kb' }), async (req, res) => {
    const { uid: player, note } = parseBody(supportDeletionSchema, req.body);
    fresh(res).status(201).json(await requestDeletion(deps, player, { by: 'support', staffUid: staff(res).uid, note }, Date.now()));
  });
  router.post(API_ROUTES.supportDeletionCarryOut, ...staffOnly, async (req, res) => {
    fresh(res).json(await carryOutDeletion(deps, String(req.params.requestId), staff(res).uid, Date.now()));
  });
  router.get(API_ROUTES.supportPlayerDataArchive, ...staffOnly, async (req, res) => {
    const note = supportNoteSchema.safeParse(req.query.note);
    if (!note.success) throw new HttpError(400, note.error.issues[0]!.message);
    const at = Date.now();
    await sendArchive(deps, String(req.params.uid), { by: 'support', staffUid: staff(res).uid, note: note.data }, zipTo(res, at), at);
  });
  return router;
}
