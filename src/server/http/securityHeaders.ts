import crypto from 'node:crypto';
import helmet from 'helmet';
import type { PublicConfig } from '../../shared/publicConfig';
import { EARLY_INPUT_SCRIPT } from '../../shared/earlyInput';
import { SIGNED_IN_MARKER_SCRIPT } from '../../shared/signedInMarker';

/** The inline scripts a page carries (the signed-in marker, the early input's keeper), allowed by their hashes (CSP Level 2). */
export const INLINE_SCRIPT_HASHES = [SIGNED_IN_MARKER_SCRIPT, EARLY_INPUT_SCRIPT].map((script) => `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`);

/** The endpoints the browser's Firebase SDK talks to, in production and on the emulators. */
function firebaseOrigins(config: PublicConfig): string[] {
  if (config.emulators) {
    const { authUrl, firestoreHost, firestorePort } = config.emulators;
    return [authUrl, `http://${firestoreHost}:${firestorePort}`, `ws://${firestoreHost}:${firestorePort}`];
  }
  return [
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://firestore.googleapis.com',
  ];
}

/** An external countries service must be reachable too; the default is our own origin. */
function countriesOrigin(config: PublicConfig): string[] {
  return /^https?:\/\//.test(config.countriesUrl) ? [new URL(config.countriesUrl).origin] : [];
}

export function securityHeaders(config: PublicConfig) {
  return helmet({
    // The checkout opens in a tab the store keeps a handle on, to notice when the player closes it; with
    // plain same-origin the handle would read as closed as soon as the tab reaches the provider.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'", ...INLINE_SCRIPT_HASHES],
        'connect-src': ["'self'", ...firebaseOrigins(config), ...countriesOrigin(config)],
        // styled-components injects <style> elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        // The local stack is plain http on 127.0.0.1; production TLS is the load balancer's job.
        'upgrade-insecure-requests': null,
      },
    },
  });
}
