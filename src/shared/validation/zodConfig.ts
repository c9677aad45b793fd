import { config } from 'zod';

/**
 * Imported first by every schema both sides read. Without jitless, zod probes for eval (new Function) the
 * first time it parses an object, which the store's Content-Security-Policy rightly refuses in the browser.
 */
config({ jitless: true });
