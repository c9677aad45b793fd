import type { Auth } from 'firebase-admin/auth';
import type { RequestHandler } from 'express';
import { HttpError } from '../http/errors';
import { requirePlayer } from './requirePlayer';

/** A staff member, as the audit trail names them. */
export interface StaffMember {
  uid: string;
  email: string;
}

/**
 * Lets a request through only with a valid ID token carrying the `support` custom claim (granted by
 * `npm run support -- grant <email>`): anyone else gets 403. The staff member goes to res.locals.staff.
 */
export function requireSupport(auth: Auth): RequestHandler[] {
  return [
    requirePlayer(auth),
    (_req, res, next) => {
      if (res.locals.claims?.support !== true) {
        next(new HttpError(403, 'This is for support staff only.'));
        return;
      }
      const staff: StaffMember = { uid: res.locals.uid as string, email: (res.locals.email as string | undefined) ?? res.locals.uid };
      res.locals.staff = staff;
      next();
    },
  ];
}
