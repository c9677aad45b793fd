import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';
import type { Country } from '../../shared/countries';

countries.registerLocale(english);

/** Every ISO 3166-1 country with its English short name, sorted by name. */
export const ISO_COUNTRIES: readonly Country[] = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([alpha2Code, name]) => ({ name, alpha2Code }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

export const ISO_COUNTRY_CODES: ReadonlySet<string> = new Set(ISO_COUNTRIES.map((country) => country.alpha2Code));
