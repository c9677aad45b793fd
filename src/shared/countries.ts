/** A country as the countries service returns it (docs/storefront.md, Data). */
export interface Country {
  name: string;
  alpha2Code: string;
}

export const COUNTRY_FIELDS = ['name', 'alpha2Code'] as const;

/** The query the shop sends to the countries service (docs/storefront.md, The card provider's protocol). */
export const COUNTRY_QUERY = `fields=${COUNTRY_FIELDS.join(',')}`;

/** The store's home country: first in the payment form's list, right after "Select Country". */
export const HOME_COUNTRY_CODE = 'AU';

/** A country list as the payment form offers it: the home country first, the others by name. */
export function inFormOrder(countries: readonly Country[]): Country[] {
  const byName = [...countries].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return [...byName.filter((country) => country.alpha2Code === HOME_COUNTRY_CODE), ...byName.filter((country) => country.alpha2Code !== HOME_COUNTRY_CODE)];
}
