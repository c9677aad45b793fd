import type { PlayerAuth } from './playerAuth';
import type { RequestHandler } from 'express';
import { HttpError } from '../http/errors';
import { SUPPORT_CLAIM } from '../../shared/supportRole';
import type { StaffRecords } from './supportRole';
import { requirePlayer } from './requirePlayer';

/** A staff member, as the audit trail names them. */
export interface StaffMember {
  uid: string;
  email: string;
}

/**
 * Lets a request through only with a valid ID token that was not revoked, carrying the `support` custom
 * claim, of an account with a staff record (both granted by `npm run support -- grant <email>`): anyone else
 * gets 401 or 403. The staff member goes to res.locals.staff.
 */
export function requireSupport(auth: PlayerAuth, staff: StaffRecords): RequestHandler[] {
  return [
    requirePlayer(auth, { checkRevoked: true }),
    async (_req, res, next) => {
      try {
        if (res.locals.claims?.[SUPPORT_CLAIM] !== true || !(await staff.isStaff(res.locals.uid as string))) {
          next(new HttpError(403, 'This is for support staff only.'));
          return;
        }
        const member: StaffMember = { uid: res.locals.uid as string, email: (res.locals.email as string | undefined) ?? res.locals.uid };
        res.locals.staff = member;
        next();
      } catch (error) {
        next(error);
      }
    },
  ];
}
