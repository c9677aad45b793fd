import express from 'express';
import { API_ROUTES } from '../../shared/api';
import { requireScheduler, type SchedulerCheck } from './schedulerAuth';

/** The background work an instance can be asked to do, one bounded pass at a time (the timers run the same). */
export interface BackgroundPasses {
  sweep(): Promise<unknown>;
  mail(): Promise<unknown>;
  gameEvents(): Promise<unknown>;
  /** The nightly check of the books: a store day's (yyyy-mm-dd), yesterday's when none is named. */
  books(date?: unknown): Promise<unknown>;
}

/**
 * POST /api/jobs/sweep, /api/jobs/mail and /api/jobs/game-events, for Cloud Scheduler: each runs one bounded pass and answers what
 * it did. Passes claim their work with leases, so the same job fired on two instances at once splits it. POST
 * /api/jobs/books, nightly: the check of a day's books, which only reads, and answers its report.
 */
export function jobsRouter(passes: BackgroundPasses, check: SchedulerCheck): express.Router {
  const router = express.Router();
  const scheduler = requireScheduler(check);
  router.post(API_ROUTES.jobSweep, scheduler, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await passes.sweep());
  });
  router.post(API_ROUTES.jobMail, scheduler, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await passes.mail());
  });
  router.post(API_ROUTES.jobGameEvents, scheduler, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await passes.gameEvents());
  });
  router.post(API_ROUTES.jobBooks, scheduler, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await passes.books(req.query.date));
  });
  return router;
}
