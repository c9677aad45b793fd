/** A request's fields as the provider reads them: strings (a number as its digits), anything else empty. */
export const fieldsOf = (source: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(typeof source === 'object' && source !== null ? source : {}).map(([key, value]) => [
      key,
      typeof value === 'string' || typeof value === 'number' ? String(value) : '',
    ]),
  );
