import express from 'express';
import { z } from 'zod';
import { parseBody } from './parseBody';
import type { MovableClock } from '../lib/clock';

/** Where tests move a clock: PUT `{ offsetMs }` (0: the machine's time again); GET tells the offset and the time. */
export const TEST_CLOCK_ROUTE = '/test/clock';

const clockBody = z.strictObject({ offsetMs: z.number().int().min(-366 * 86_400_000).max(366 * 86_400_000) });

/** Mounted only with TEST_CLOCK_CONTROL, which production refuses (config/productionSafety). */
export function testClockRouter(clock: MovableClock): express.Router {
  const router = express.Router();
  router.get(TEST_CLOCK_ROUTE, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ offsetMs: clock.offsetMs(), now: clock.now() });
  });
  router.put(TEST_CLOCK_ROUTE, express.json({ limit: '1kb' }), (req, res) => {
    clock.moveTo(parseBody(clockBody, req.body).offsetMs);
    res.set('Cache-Control', 'no-store').json({ offsetMs: clock.offsetMs(), now: clock.now() });
  });
  return router;
}
