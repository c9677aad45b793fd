import express from 'express';
import type { PlayerAuth } from '../auth/playerAuth';
import { z } from 'zod';
import { API_ROUTES } from '../../shared/api';
import { DEVICE_ID_PATTERN, dailyGiftTexts, isGiftCalendar } from '../../shared/dailyGift/dailyGift';
import { DAY_PATTERN } from '../../shared/wallTime';
import { isStoreSession, type SignedInToken } from '../../shared/storeSession';
import { playerChecks, requirePlayer } from '../auth/requirePlayer';
import { requireSupport, type StaffMember } from '../auth/requireSupport';
import type { StaffRecords } from '../auth/supportRole';
import type { Settings } from '../config/settings';
import { HttpError } from '../http/errors';
import { parseBody } from '../http/parseBody';
import type { RateLimits } from '../http/rateLimits';
import { claimDailyGift, dailyGiftView, giftDay, type GiftDeps } from './giftService';

const claimBody = z.strictObject({ deviceId: z.string().regex(DEVICE_ID_PATTERN, dailyGiftTexts.badDevice) });
const calendarBody = z.strictObject({ calendar: z.custom<number[]>(isGiftCalendar, dailyGiftTexts.calendarInvalid) });

/**
 * The daily gift: GET and POST /api/rewards/daily-gift for the signed-in player (a claim counts the request's address,
 * as the API's trusted proxies give it, and the browser's own id), and support's view of a day and the calendar.
 */
export function giftRouter(deps: GiftDeps & { settings: Settings; staff: StaffRecords }, auth: PlayerAuth, limits: RateLimits): express.Router {
  const router = express.Router();
  const player = requirePlayer(auth, playerChecks(deps.settings));
  const staffOnly = [...requireSupport(auth, deps.staff), limits.support];
  const uid = (res: express.Response) => res.locals.uid as string;
  const signedInWithGame = (res: express.Response) => isStoreSession(res.locals.claims as SignedInToken);
  const noStore = (res: express.Response) => res.set('Cache-Control', 'no-store');

  router.get(API_ROUTES.dailyGift, player, limits.orderReads, async (_req, res) => {
    noStore(res).json(await dailyGiftView(deps, uid(res), signedInWithGame(res)));
  });
  router.post(API_ROUTES.dailyGift, player, limits.orderReads, express.json({ limit: '1kb' }), async (req, res) => {
    const { deviceId } = parseBody(claimBody, req.body);
    await claimDailyGift(deps, { uid: uid(res), signedInWithGame: signedInWithGame(res), deviceId, address: req.ip ?? '' });
    noStore(res).json(await dailyGiftView(deps, uid(res), signedInWithGame(res)));
  });

  router.get(API_ROUTES.supportDailyGifts, ...staffOnly, async (req, res) => {
    const date = String(req.query.date ?? '');
    if (!DAY_PATTERN.test(date)) throw new HttpError(400, 'Give the day as yyyy-mm-dd.');
    noStore(res).json(await giftDay(deps, date));
  });
  router.put(API_ROUTES.supportGiftCalendar, ...staffOnly, express.json({ limit: '1kb' }), async (req, res) => {
    const { calendar } = parseBody(calendarBody, req.body);
    const staff = res.locals.staff as StaffMember;
    await deps.giftClaims.saveCalendar(calendar, { uid: staff.uid, email: staff.email }, Date.now());
    noStore(res).json({ calendar });
  });
  return router;
}
