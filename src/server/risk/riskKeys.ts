import crypto from 'node:crypto';
import { addressKeyOf } from '../http/addressKey';
import type { RiskScope } from '../../shared/risk/riskRules';

/**
 * Where a payment's risk is counted: the account, the browser (the id it keeps, as the daily gift's claim sends it) and
 * the connection's address (by addressKeyOf, as the link limiter keys it). Each is kept only as a keyed hash
 * (`scope-hash`), so no address or browser id is stored; the browser's is null when the payment did not send one.
 */
export type RiskKeys = Record<RiskScope, string | null> & { player: string };

const keyed = (secret: string, scope: RiskScope, value: string) =>
  `${scope}-${crypto.createHmac('sha256', secret).update(`risk:${scope}:${value}`).digest('base64url').slice(0, 22)}`;

export function riskKeysOf(secret: string, who: { uid: string; browserId: string | null; address: string | undefined }): RiskKeys {
  return {
    player: keyed(secret, 'player', who.uid),
    browser: who.browserId ? keyed(secret, 'browser', who.browserId) : null,
    address: who.address ? keyed(secret, 'address', addressKeyOf(who.address)) : null,
  };
}

/** The keys that hold a value (a payment without a browser id has none for it). */
export const keysIn = (keys: RiskKeys, scopes: readonly RiskScope[] = ['player', 'browser', 'address']) =>
  scopes.map((scope) => keys[scope]).filter((key): key is string => key !== null);
