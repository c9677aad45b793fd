import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { countriesRouter } from './countriesRouter';

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express().use('/api/countries', countriesRouter());
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/countries`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('GET /api/countries', () => {
  it('answers name and alpha2Code for every ISO 3166 country, sorted by name', async () => {
    const response = await fetch(`${base}?fields=name,alpha2Code`);
    expect(response.status).toBe(200);
    const countries = (await response.json()) as Array<{ name: string; alpha2Code: string }>;
    // ISO 3166-1's 249 codes, plus Kosovo's user-assigned XK, which the package lists too.
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(countries).toContainEqual({ name: 'Australia', alpha2Code: 'AU' });
    expect(countries).toContainEqual({ name: 'New Zealand', alpha2Code: 'NZ' });
    for (const country of countries) {
      expect(Object.keys(country)).toEqual(['name', 'alpha2Code']);
      expect(country.alpha2Code).toMatch(/^[A-Z]{2}$/);
    }
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('names countries as people do, so typing the first letters finds them', async () => {
    const countries = (await (await fetch(`${base}?fields=name,alpha2Code`)).json()) as Array<{ name: string; alpha2Code: string }>;
    const named = Object.fromEntries(countries.map((country) => [country.alpha2Code, country.name]));
    expect([named.CN, named.RU, named.KR, named.US, named.GB, named.MD, named.TW]).toEqual([
      'China',
      'Russia',
      'South Korea',
      'United States',
      'United Kingdom',
      'Moldova',
      'Taiwan',
    ]);
    // No inverted official names ("Moldova, Republic of") and no long forms ("People's Republic of China").
    expect(countries.filter((country) => /, [^,]* of$|People's Republic|Russian Federation|of America/.test(country.name))).toEqual([]);
  });

  it('answers only the fields asked for', async () => {
    const countries = (await (await fetch(`${base}?fields=alpha2Code`)).json()) as object[];
    expect(countries[0]).toEqual({ alpha2Code: expect.stringMatching(/^[A-Z]{2}$/) });
  });

  it('answers every field when none is named', async () => {
    const countries = (await (await fetch(base)).json()) as object[];
    expect(Object.keys(countries[0]!)).toEqual(['name', 'alpha2Code']);
  });

  it('refuses an unknown field with a clear 400', async () => {
    const response = await fetch(`${base}?fields=name,capital`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Unknown fields: capital. Use name, alpha2Code.' });
  });
});
