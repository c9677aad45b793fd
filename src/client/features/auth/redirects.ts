import { ROUTES } from '../../../shared/routes';

/** Pack ids are short whole numbers; anything else in `item` is ignored rather than carried along. */
const PACK_ID = /^\d{1,4}$/;

export function packItemOrNull(item: string | null): string | null {
  return item !== null && PACK_ID.test(item) ? item : null;
}

/** Spec §2: after signing in, back to the pack being bought if the sign-in URL carried one, else home. */
export function pathAfterSignIn(item: string | null): string {
  const pack = packItemOrNull(item);
  return pack ? `${ROUTES.shop}?item=${pack}` : ROUTES.home;
}
