import { COUNTRY_QUERY, inFormOrder, type Country } from '../../shared/countries';

function isCountry(value: unknown): value is Country {
  if (typeof value !== 'object' || value === null) return false;
  const { name, alpha2Code } = value as Record<string, unknown>;
  return typeof name === 'string' && name.length > 0 && typeof alpha2Code === 'string' && /^[A-Z]{2}$/.test(alpha2Code);
}

/**
 * GET <url>?fields=name,alpha2Code with axios (loaded with this flow, not with the page). Entries that are
 * not a country are dropped; an answer with none at all is an error. Australia first, then by name.
 */
export async function fetchCountries(url: string): Promise<Country[]> {
  const { default: axios } = await import(/* webpackChunkName: "axios" */ 'axios');
  const separator = url.includes('?') ? '&' : '?';
  const { data } = await axios.get<unknown>(`${url}${separator}${COUNTRY_QUERY}`, { timeout: 10_000 });
  const countries = Array.isArray(data) ? data.filter(isCountry) : [];
  if (countries.length === 0) throw new Error('The countries service answered no countries.');
  return inFormOrder(countries.map(({ name, alpha2Code }) => ({ name, alpha2Code })));
}
