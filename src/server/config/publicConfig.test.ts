import { PUBLIC_CONFIG_PLACEHOLDER } from '../../shared/publicConfig';
import { renderIndexHtml, toPublicConfig } from './publicConfig';
import { parseSettings } from './settings';

const template = `<script id="app-config" type="application/json">${PUBLIC_CONFIG_PLACEHOLDER}</script>`;

describe('public config', () => {
  it('carries the site texts, the Firebase web config and the emulator addresses', () => {
    const config = toPublicConfig(parseSettings({ AUTH_EMULATOR_PORT: '9199' }));
    expect(config).toMatchObject({
      gameName: 'Wyrmcrown',
      landingAnimationMs: 1000,
      firebase: { projectId: 'demo-wyrmcrown', authDomain: 'demo-wyrmcrown.firebaseapp.com' },
      emulators: { authUrl: 'http://127.0.0.1:9199', firestorePort: 8080 },
    });
  });

  it('has no emulators against a real project', () => {
    const config = toPublicConfig(parseSettings({ USE_FIREBASE_EMULATORS: 'false', FIREBASE_PROJECT_ID: 'wyrmcrown' }));
    expect(config.emulators).toBeNull();
  });

  it('cannot break out of its script element', () => {
    const settings = parseSettings({ GAME_NAME: '</script><script>alert(1)</script>' });
    const html = renderIndexHtml(template, toPublicConfig(settings));
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = html.slice(html.indexOf('>') + 1, html.lastIndexOf('</script>'));
    expect(JSON.parse(json).gameName).toBe(settings.GAME_NAME);
  });

  it('refuses a page without the placeholder', () => {
    expect(() => renderIndexHtml('<html></html>', toPublicConfig(parseSettings({})))).toThrow(/placeholder/);
  });
});
