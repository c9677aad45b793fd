import { isPackIdText } from '../../../shared/routes';
import { ROUTES, shopItemPath } from '../../../shared/routes';

/** The `item` to carry through sign-in; anything not shaped like a pack id is ignored rather than carried. */
export function packItemOrNull(item: string | null): string | null {
  return item !== null && isPackIdText(item) ? item : null;
}

/** Spec §2: after signing in, back to the pack being bought if the sign-in URL carried one, else home. */
export function pathAfterSignIn(item: string | null): string {
  const pack = packItemOrNull(item);
  return pack ? shopItemPath(pack) : ROUTES.home;
}
