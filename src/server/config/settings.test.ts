import fs from 'node:fs';
import path from 'node:path';
import {
  assertSafeForProduction,
  EMULATOR_HOST_VARIABLES,
  parseSettings,
  publicBaseUrl,
  reduxDevToolsEnabled,
  settingsSchema,
  SettingsError,
  trustedProxies,
} from './settings';

/** .env.example as key/value pairs, ignoring comments and blank lines. */
function readEnvExample(): Record<string, string> {
  const text = fs.readFileSync(path.resolve(__dirname, '../../../.env.example'), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('settings', () => {
  it('.env.example documents every setting, each with the default the code uses', () => {
    const documented = readEnvExample();
    expect(Object.keys(documented).sort()).toEqual(Object.keys(settingsSchema.shape).sort());
    expect(parseSettings(documented)).toEqual(parseSettings({}));
  });

  it('gives every setting a one-line explanation in .env.example', () => {
    const lines = fs.readFileSync(path.resolve(__dirname, '../../../.env.example'), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (/^[A-Z_]+=/.test(line)) expect(lines[index - 1]).toMatch(/^# \S/);
    });
  });

  it('reads values from the environment and treats empty strings as unset', () => {
    const settings = parseSettings({ PORT: '4100', GAME_NAME: 'Dragonfall', SUPPORT_EMAIL: '' });
    expect(settings.PORT).toBe(4100);
    expect(settings.GAME_NAME).toBe('Dragonfall');
    expect(settings.SUPPORT_EMAIL).toBe('support@wyrmcrown.example');
    expect(settings.USE_FIREBASE_EMULATORS).toBe(true);
  });

  it('rejects bad values with the setting named', () => {
    expect(() => parseSettings({ PORT: 'eighty' })).toThrow(SettingsError);
    expect(() => parseSettings({ SUPPORT_EMAIL: 'not-an-email' })).toThrow(/SUPPORT_EMAIL/);
    expect(() => parseSettings({ USE_FIREBASE_EMULATORS: 'yes' })).toThrow(/USE_FIREBASE_EMULATORS/);
  });

  it('derives the public address from host and port unless one is given', () => {
    expect(publicBaseUrl(parseSettings({ PORT: '4100' }))).toBe('http://127.0.0.1:4100');
    expect(publicBaseUrl(parseSettings({ PUBLIC_BASE_URL: 'https://store.wyrmcrown.example' }))).toBe(
      'https://store.wyrmcrown.example',
    );
  });

  it('refuses the mixtures that would take real money unsafely', () => {
    const realGateway = { GATEWAY_BASE_URL: 'https://pay.example', RUN_GATEWAY_SANDBOX: 'false' };
    expect(() => assertSafeForProduction(parseSettings(realGateway), {})).toThrow(/MERCHANT_PRIVATE_KEY/);
    expect(() => assertSafeForProduction(parseSettings({ USE_FIREBASE_EMULATORS: 'false' }), {})).toThrow(/Real Firebase needs a real card provider/);
    const realFirebase = { ...realGateway, USE_FIREBASE_EMULATORS: 'false', MERCHANT_PRIVATE_KEY: 'a-real-key-of-the-merchant' };
    expect(() => assertSafeForProduction(parseSettings(realFirebase), {})).toThrow(/Real Firebase needs a real mail server/);
    const withMailOnly = { ...realFirebase, SMTP_URL: 'smtps://store:secret@smtp.example.com:465' };
    expect(() => assertSafeForProduction(parseSettings(withMailOnly), {})).toThrow(/set CONSENT_LINK_SECRET/);
    const withConsentKey = { ...withMailOnly, CONSENT_LINK_SECRET: 'a-long-random-key-of-this-store' };
    expect(() => assertSafeForProduction(parseSettings(withConsentKey), {})).toThrow(/set GIFT_KEY_SECRET/);
    const withMail = { ...withConsentKey, GIFT_KEY_SECRET: 'another-long-random-key-of-this-store' };
    expect(() => assertSafeForProduction(parseSettings({ ...withMail, TEST_CLOCK_CONTROL: 'true' }), {})).toThrow(/TEST_CLOCK_CONTROL/);
    expect(() => assertSafeForProduction(parseSettings(withMail), {})).toThrow(/JOBS_AUTH=oidc, JOBS_OIDC_AUDIENCE and JOBS_SERVICE_ACCOUNT/);
    const withScheduler = { ...withMail, JOBS_AUTH: 'oidc', JOBS_OIDC_AUDIENCE: 'https://api.a.run.app', JOBS_SERVICE_ACCOUNT: 'scheduler@p.iam.gserviceaccount.com' };
    expect(() => assertSafeForProduction(parseSettings({ ...withScheduler, JOBS_AUTH: 'token', JOBS_TOKEN: 'guessable' }), {})).toThrow(/JOBS_AUTH=oidc/);
    expect(() => assertSafeForProduction(parseSettings(withScheduler), {})).toThrow(/set SELLER_ABN/);
    const withAbn = { ...withScheduler, SELLER_ABN: '11 222 333 444' };
    expect(() => assertSafeForProduction(parseSettings(withAbn), {})).toThrow(/set PUBLIC_BASE_URL to https:\/\/ addresses/);
    const overTls = { ...withAbn, PUBLIC_BASE_URL: 'https://store.wyrmcrown.example', API_PUBLIC_URL: 'http://api.example' };
    expect(() => assertSafeForProduction(parseSettings(overTls), {})).toThrow(/set API_PUBLIC_URL to https:\/\/ addresses/);
    const addressed = { ...overTls, API_PUBLIC_URL: 'https://store.wyrmcrown.example' };
    expect(() => assertSafeForProduction(parseSettings({ ...addressed, GATEWAY_BASE_URL: 'http://pay.example' }), {})).toThrow(/set GATEWAY_BASE_URL to https/);
    expect(() => assertSafeForProduction(parseSettings({ ...addressed, SWEEP_LEASE_MS: '40000' }), {})).toThrow(/SWEEP_LEASE_MS \(40000\) must be longer than SWEEP_PASS_MS plus GATEWAY_TIMEOUT_MS \(40000\)/);
    expect(() => assertSafeForProduction(parseSettings(addressed), {})).toThrow(/set METRICS_TOKEN/);
    const measured = { ...addressed, METRICS_TOKEN: 'a-long-random-token' };
    expect(() => assertSafeForProduction(parseSettings(measured), {})).toThrow(/set GAME_WEBHOOK_URL, or RUN_GAME_SERVER=false/);
    expect(() => assertSafeForProduction(parseSettings({ ...measured, RUN_GAME_SERVER: 'false' }), {})).not.toThrow();
    const delivered = { ...measured, GAME_WEBHOOK_URL: 'https://game.example/store-events' };
    expect(() => assertSafeForProduction(parseSettings(delivered), {})).toThrow(/set GAME_WEBHOOK_SECRET/);
    const signed = { ...delivered, GAME_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}` };
    expect(() => assertSafeForProduction(parseSettings({ ...signed, GAME_WEBHOOK_URL: 'http://game.example/store-events' }), {})).toThrow(/set GAME_WEBHOOK_URL to https/);
    expect(() => assertSafeForProduction(parseSettings(signed), {})).not.toThrow();
    expect(() => assertSafeForProduction(parseSettings({}), {})).not.toThrow();
    // An emulator host left in the environment, whatever else is set, stops a production start.
    for (const name of EMULATOR_HOST_VARIABLES) {
      expect(() => assertSafeForProduction(parseSettings(signed), { [name]: '127.0.0.1:9099' })).toThrow(`Real Firebase never runs beside an emulator: unset ${name}.`);
    }
    expect(() => assertSafeForProduction(parseSettings({}), { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).not.toThrow();
  });

  it('never runs the emulators, which take any ID token unverified, with a real provider or key', () => {
    const emulators = /USE_FIREBASE_EMULATORS=false/;
    expect(() => assertSafeForProduction(parseSettings({ GATEWAY_BASE_URL: 'https://pay.example', RUN_GATEWAY_SANDBOX: 'false', MERCHANT_PRIVATE_KEY: 'a-real-key-of-the-merchant' }), {})).toThrow(emulators);
    expect(() => assertSafeForProduction(parseSettings({ MERCHANT_PRIVATE_KEY: 'a-real-key-of-the-merchant' }), {})).toThrow(emulators);
    // The sandbox reached by its address, as the bench's front does, is still the sandbox.
    expect(() => assertSafeForProduction(parseSettings({ GATEWAY_BASE_URL: 'http://127.0.0.1:3100' }), {})).not.toThrow();
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY lists', () => {
    expect(trustedProxies(parseSettings({}))).toBe(false);
    expect(trustedProxies(parseSettings({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }))).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('keeps Redux DevTools off against a real provider', () => {
    expect(reduxDevToolsEnabled(parseSettings({}))).toBe(true);
    expect(reduxDevToolsEnabled(parseSettings({ GATEWAY_BASE_URL: 'https://pay.example' }))).toBe(false);
    expect(reduxDevToolsEnabled(parseSettings({ REDUX_DEVTOOLS: 'false' }))).toBe(false);
  });
});
