import express from 'express';
import { API_ROUTES } from '../../shared/api';
import type { GiftRecipient } from '../../shared/gifts/gift';
import { recipientLookupSchema } from '../../shared/validation/gift';
import type { PlayerAuth } from '../auth/playerAuth';
import { playerChecks, requirePlayer } from '../auth/requirePlayer';
import { parseBody } from '../http/parseBody';
import type { RateLimits } from '../http/rateLimits';
import { findRecipient, type FriendGiftDeps } from './giftRules';

/** POST /api/gifts/recipient: the payer confirms whom a tag names before they pay (a masked name and the tag). */
export function giftsRouter(deps: FriendGiftDeps & { settings: { USE_FIREBASE_EMULATORS: boolean } }, auth: PlayerAuth, limits: RateLimits): express.Router {
  const router = express.Router();
  const player = requirePlayer(auth, playerChecks(deps.settings));
  router.post(API_ROUTES.giftRecipient, player, ...limits.giftLookups, express.json({ limit: '1kb' }), async (req, res) => {
    const { tag } = parseBody(recipientLookupSchema, req.body);
    const { maskedName } = await findRecipient(deps, res.locals.uid as string, tag, Date.now());
    res.set('Cache-Control', 'no-store').json({ tag, maskedName } satisfies GiftRecipient);
  });
  return router;
}
