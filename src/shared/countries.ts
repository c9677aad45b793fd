/** A country as the countries service returns it (spec §3). */
export interface Country {
  name: string;
  alpha2Code: string;
}

export const COUNTRY_FIELDS = ['name', 'alpha2Code'] as const;

/** The query the shop sends to the countries service (spec §7). */
export const COUNTRY_QUERY = `fields=${COUNTRY_FIELDS.join(',')}`;
