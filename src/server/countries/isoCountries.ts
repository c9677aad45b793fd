import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';
import type { Country } from '../../shared/countries';

countries.registerLocale(english);

/**
 * The names people use where the ISO list's English name is an official or inverted one ("People's Republic of
 * China", "Moldova, Republic of"), so a player finds their country by typing its first letters.
 */
const COMMON_NAMES: Readonly<Record<string, string>> = {
  BN: 'Brunei',
  CD: 'Congo (Democratic Republic)',
  CG: 'Congo (Republic)',
  CI: "Côte d'Ivoire",
  CN: 'China',
  CZ: 'Czechia',
  FM: 'Micronesia',
  GM: 'Gambia',
  IR: 'Iran',
  KR: 'South Korea',
  LA: 'Laos',
  MD: 'Moldova',
  MK: 'North Macedonia',
  PS: 'Palestine',
  RU: 'Russia',
  SY: 'Syria',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  US: 'United States',
  VA: 'Vatican City',
  VG: 'British Virgin Islands',
  VI: 'US Virgin Islands',
};

/** Every ISO 3166-1 country under the name people use, sorted by name. */
export const ISO_COUNTRIES: readonly Country[] = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([alpha2Code, name]) => ({ name: COMMON_NAMES[alpha2Code] ?? name, alpha2Code }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

export const ISO_COUNTRY_CODES: ReadonlySet<string> = new Set(ISO_COUNTRIES.map((country) => country.alpha2Code));

const NAMES = new Map(ISO_COUNTRIES.map((country) => [country.alpha2Code, country.name]));

/** A country's name as people use it ("New Zealand"), from its ISO 3166 alpha-2 code; the code itself for one not listed. */
export const countryNameOf = (code: string) => NAMES.get(code) ?? code;
