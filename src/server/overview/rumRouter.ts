import express from 'express';
import { API_ROUTES } from '../../shared/api';
import { rumBeaconSchema } from '../../shared/validation/rum';
import { HttpError } from '../http/errors';
import type { RateLimits } from '../http/rateLimits';
import { beaconQuota, countedPartOf } from './beaconAdmission';
import type { BeaconDesk } from './beaconDesk';
import { dateIn } from '../../shared/protections/age';
import type { Settings } from '../config/settings';
import { addressKeyOf } from '../http/addressKey';

/**
 * POST /api/rum: a player's beacon (navigator.sendBeacon after the page is hidden): checked whole, then what it may
 * count (./beaconAdmission) given to the instance's tally (./beaconDesk), which writes the day's histograms and funnel
 * with nothing that names the player, the address or the browser (the addresses only as a sketch of how many). Junk, or
 * a vital no real visit has, is a 400 that stores nothing; the anonymous limit holds per address.
 */
export function rumRouter(beacons: BeaconDesk, settings: Pick<Settings, 'STORE_TIME_ZONE' | 'RUM_BEACONS_PER_ADDRESS_A_DAY'>, limits: RateLimits): express.Router {
  const router = express.Router();
  const mayCount = beaconQuota(settings.RUM_BEACONS_PER_ADDRESS_A_DAY);
  // sendBeacon posts a Blob: JSON, whatever content type the browser gave it.
  router.post(API_ROUTES.rum, limits.anonymous, express.text({ type: () => true, limit: '4kb' }), async (req, res) => {
    let body: unknown;
    try {
      body = JSON.parse(typeof req.body === 'string' ? req.body : '');
    } catch {
      throw new HttpError(400, 'A beacon is JSON.');
    }
    const parsed = rumBeaconSchema.safeParse(body);
    if (!parsed.success) throw new HttpError(400, `Not a beacon of the store: ${parsed.error.issues[0]?.message ?? 'unreadable'}.`);
    // Over its address's quota, a beacon is taken and not counted: the answer tells a flood nothing.
    const now = Date.now();
    const address = addressKeyOf(req.ip);
    if (mayCount(address, dateIn(settings.STORE_TIME_ZONE, now))) await beacons.add(countedPartOf(parsed.data), now, address);
    res.status(204).end();
  });
  return router;
}
