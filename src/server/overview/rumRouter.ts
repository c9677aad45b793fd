import express from 'express';
import { API_ROUTES } from '../../shared/api';
import { rumBeaconSchema } from '../../shared/validation/rum';
import { HttpError } from '../http/errors';
import type { RateLimits } from '../http/rateLimits';
import type { Logger } from '../logger';
import type { StatsRepository } from './statsRepository';

/**
 * POST /api/rum: a player's beacon (navigator.sendBeacon after the page is hidden): checked whole, then counted into
 * the day's histograms and funnel, with nothing that names the player, the address or the browser. Junk is a 400 that
 * stores nothing; the anonymous limit holds per address.
 */
export function rumRouter(deps: { stats: StatsRepository; log: Logger }, limits: RateLimits): express.Router {
  const router = express.Router();
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
    await deps.stats.recordBeacon(parsed.data, Date.now());
    res.status(204).end();
  });
  return router;
}
