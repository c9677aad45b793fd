import type { Request } from 'express';
import geoip from 'geoip-country';
import type { Settings } from '../config/settings';

/** The country a request comes from (ISO 3166 alpha-2), or null where nobody can say (a private address, say). */
export type CountryOf = (req: Request) => string | null;

const ALPHA2 = /^[A-Z]{2}$/;

/**
 * Where a request comes from: the header the trusted front sets (CLIENT_COUNTRY_HEADER), or else the address
 * (express's req.ip, which believes only TRUST_PROXY's proxies) looked up in the offline database that ships with
 * the geoip-country package, refreshed with the dependencies. Never stored beyond what a caller keeps of it.
 */
export function requestCountry(settings: Pick<Settings, 'CLIENT_COUNTRY_HEADER'>): CountryOf {
  return (req) => {
    if (settings.CLIENT_COUNTRY_HEADER) {
      const given = req.get(settings.CLIENT_COUNTRY_HEADER)?.trim().toUpperCase() ?? '';
      return ALPHA2.test(given) && given !== 'XX' ? given : null;
    }
    const found = req.ip ? geoip.lookup(req.ip)?.country : undefined;
    return found && ALPHA2.test(found) ? found : null;
  };
}
