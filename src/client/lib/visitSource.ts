import { nextTouches, orderSourceSchema, SOURCE_PARAMS, touchOf, type OrderSource } from '../../shared/saleSource';
import { CREATOR_CODE_PATTERN } from '../../shared/creators';

const SOURCE_KEY = 'wyrmcrown.visitSource';

let current: OrderSource | null = null;

/**
 * Reads where this visit came from, once, as the page starts (before the app changes its address): the session's
 * first touch stays, the last is the newest landing that named a source (shared/saleSource). Kept in the tab's
 * session storage; a browser that keeps none gets this landing's alone.
 */
export function noteVisitSource(now = Date.now()): void {
  current = nextTouches(keptTouches(), touchOf(location.search, document.referrer, location.hostname, now), now);
  try {
    sessionStorage.setItem(SOURCE_KEY, JSON.stringify(current));
  } catch {
    // No storage: this landing's touches are the session's.
  }
}

const CREATOR_KEY = 'wyrmcrown.creatorCode';

/** A creator's code this session arrived with (`?creator=`), for the payment form to fill in; '' for none. */
export function sessionCreatorCode(): string {
  const landed = new URLSearchParams(location.search).get(SOURCE_PARAMS.creator)?.trim().toUpperCase() ?? '';
  try {
    if (CREATOR_CODE_PATTERN.test(landed)) sessionStorage.setItem(CREATOR_KEY, landed);
    return sessionStorage.getItem(CREATOR_KEY) ?? '';
  } catch {
    return CREATOR_CODE_PATTERN.test(landed) ? landed : '';
  }
}

/** The creator's code the player typed on the payment form, kept as the session's (a valid one; '' clears it). */
export function keepCreatorCode(code: string): void {
  const typed = code.trim().toUpperCase();
  if (typed !== '' && !CREATOR_CODE_PATTERN.test(typed)) return;
  try {
    if (typed === '') sessionStorage.removeItem(CREATOR_KEY);
    else sessionStorage.setItem(CREATOR_KEY, typed);
  } catch {
    // No storage: the form still sends what it holds.
  }
}

/** The session's touches, as a payment sends them (a visit not yet noted: a direct one). */
export function visitSource(): OrderSource {
  if (!current) noteVisitSource();
  return current!;
}

/** The session's touches as kept, or null (none yet, no storage, or not what this page keeps). */
function keptTouches(): OrderSource | null {
  try {
    const kept = orderSourceSchema.safeParse(JSON.parse(sessionStorage.getItem(SOURCE_KEY) ?? 'null'));
    return kept.success ? kept.data : null;
  } catch {
    return null;
  }
}
