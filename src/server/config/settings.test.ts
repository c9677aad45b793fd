import fs from 'node:fs';
import path from 'node:path';
import { parseSettings, publicBaseUrl, settingsSchema, SettingsError } from './settings';

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
});
