import { HOME_COUNTRY_CODE, inFormOrder } from './countries';

describe('the payment form’s country list', () => {
  it('puts Australia first, then every other country by name', () => {
    const list = inFormOrder([
      { name: 'New Zealand', alpha2Code: 'NZ' },
      { name: 'Austria', alpha2Code: 'AT' },
      { name: 'Australia', alpha2Code: 'AU' },
      { name: 'Brazil', alpha2Code: 'BR' },
    ]);
    expect(HOME_COUNTRY_CODE).toBe('AU');
    expect(list.map((country) => country.alpha2Code)).toEqual(['AU', 'AT', 'BR', 'NZ']);
  });
});
