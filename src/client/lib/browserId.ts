import { BROWSER_ID_PATTERN } from '../../shared/browserId';

const BROWSER_ID_KEY = 'wyrmcrown.browserId';

/**
 * This browser's own random id, kept in its storage, which the daily gift's claim sends so one browser claims once a
 * day whatever account is signed in, and a payment's start sends for the risk counts (the server keeps only a keyed hash of it). A browser that keeps no storage gets
 * a new one each page load: the address's limit still holds it.
 */
export function browserId(): string {
  try {
    const kept = window.localStorage.getItem(BROWSER_ID_KEY);
    if (kept && BROWSER_ID_PATTERN.test(kept)) return kept;
    const made = crypto.randomUUID();
    window.localStorage.setItem(BROWSER_ID_KEY, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}
