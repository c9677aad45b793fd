import type { Request } from 'express';
import { parseSettings } from '../config/settings';
import { requestCountry } from './requestCountry';

const request = (ip: string, headers: Record<string, string> = {}) => ({ ip, get: (name: string) => headers[name.toLowerCase()] }) as unknown as Request;

describe('the country a request comes from', () => {
  it('is looked up from the address in the offline database, and unknown for an address no country holds', () => {
    const countryOf = requestCountry(parseSettings({}));
    expect(countryOf(request('49.224.0.1'))).toBe('NZ');
    expect(countryOf(request('101.160.0.1'))).toBe('AU');
    expect(countryOf(request('127.0.0.1'))).toBeNull();
    expect(countryOf(request('192.168.1.20'))).toBeNull();
  });

  it('is the trusted front’s header when one is named, and only an ISO code from it', () => {
    const countryOf = requestCountry(parseSettings({ CLIENT_COUNTRY_HEADER: 'X-Client-Country' }));
    expect(countryOf(request('101.160.0.1', { 'x-client-country': 'nz' }))).toBe('NZ');
    expect(countryOf(request('101.160.0.1', { 'x-client-country': 'New Zealand' }))).toBeNull();
    expect(countryOf(request('101.160.0.1'))).toBeNull();
  });
});
