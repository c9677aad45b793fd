import type { Router } from 'express';
import { ORDER_ID_PATTERN } from '../../shared/paymentProtocol';
import { HttpError } from './errors';

/** An offer's or a game event's id as the store makes them: letters, digits, '-' and '_' (never '/', '.', '..', or Firestore's reserved __…__). */
const STORE_DOCUMENT_ID_PATTERN = /^(?!__.*__$)[A-Za-z0-9_-]{1,160}$/;

/** The shape of each id a route of the API may name (a link session's is checked by its router, with its own words). */
const ROUTE_ID_PATTERNS: Record<string, RegExp> = {
  orderId: ORDER_ID_PATTERN,
  eventId: STORE_DOCUMENT_ID_PATTERN,
  offerId: STORE_DOCUMENT_ID_PATTERN,
  uid: STORE_DOCUMENT_ID_PATTERN,
  requestId: STORE_DOCUMENT_ID_PATTERN,
};

/**
 * Answers 404 for an id of a shape the store never makes ('/' decoded from %2F, '..', 1,000 characters), before
 * anything reads it: Firestore refuses such a path with an error that would otherwise surface as a 500.
 */
export function refuseMalformedIds(router: Router): Router {
  for (const [name, pattern] of Object.entries(ROUTE_ID_PATTERNS)) {
    router.param(name, (_req, _res, next, value) => {
      next(pattern.test(String(value)) ? undefined : new HttpError(404, 'There is nothing with that number here.'));
    });
  }
  return router;
}
