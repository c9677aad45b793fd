import { skipToken } from '@reduxjs/toolkit/query';
import { API_ROUTES } from '../../../../shared/api';
import type { SupportHealth } from '../../../../shared/support/supportViews';
import { useAppSelector } from '../../../wiring/hooks';
import { serverApi, type ServerError } from '../../../wiring/serverApi';
import { selectUser } from '../../auth';

/** Staff or not, as the API says; staff get the health figures with the answer. */
export type StaffAccess = { granted: true; health: SupportHealth } | { granted: false; health: null };

/** Not signed in, or signed in without the support role. */
const refused = ({ failure, status }: ServerError) => failure === 'signIn' || status === 401 || status === 403;

export const staffAccessApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The health answer, asked once more with a fresh ID token when refused (a role granted since sign-in is only in a
     * new token). Refused twice: not staff (an answer, not a failure; the console shows not-found). Asked per account
     * (its uid), so an answer never outlives the sign-in it was given to.
     */
    staffAccess: build.query<StaffAccess, string>({
      async queryFn(_arg, _api, _extra, call) {
        for (const freshToken of [false, true]) {
          const answer = await call({ route: API_ROUTES.supportHealth, freshToken });
          if (!answer.error) return { data: { granted: true, health: answer.data as SupportHealth } };
          if (!refused(answer.error as ServerError)) return { error: answer.error as ServerError };
        }
        return { data: { granted: false, health: null } };
      },
      providesTags: ['StaffAccess'],
    }),
  }),
});

/** The signed-in account's access (none signed in: not staff, unasked). */
export function useStaffAccess() {
  const uid = useAppSelector(selectUser)?.uid;
  const answer = staffAccessApi.useStaffAccessQuery(uid ?? skipToken);
  return uid ? answer : { ...answer, data: { granted: false, health: null } satisfies StaffAccess };
}
