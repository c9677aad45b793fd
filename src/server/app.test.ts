import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { PUBLIC_CONFIG_PLACEHOLDER } from '../shared/publicConfig';
import { createApp } from './app';
import { parseSettings } from './config/settings';

let server: Server;
let base: string;

beforeAll(async () => {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  fs.mkdirSync(path.join(distDir, 'static', 'js'), { recursive: true });
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    `<html><script id="app-config" type="application/json">${PUBLIC_CONFIG_PLACEHOLDER}</script></html>`,
  );
  fs.writeFileSync(path.join(distDir, 'static', 'js', 'main.abc123.js'), 'console.log(1)');
  const app = createApp({ settings: parseSettings({}), distDir });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the API server', () => {
  it('answers its health check', async () => {
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with JSON 404, not the page', async () => {
    const response = await fetch(`${base}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
  });

  it('serves every page with the config filled in', async () => {
    for (const page of ['/', '/shop', '/information/refund-policy', '/index.html']) {
      const response = await fetch(`${base}${page}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).not.toContain(PUBLIC_CONFIG_PLACEHOLDER);
      expect(html).toContain('"gameName":"Wyrmcrown"');
    }
  });

  it('serves an unknown page with status 404 so the app can show its not-found page', async () => {
    const response = await fetch(`${base}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('"gameName"');
  });

  it('caches hashed assets for a year and 404s missing ones', async () => {
    const asset = await fetch(`${base}/static/js/main.abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${base}/static/js/missing.js`)).status).toBe(404);
  });

  it('sends a content security policy that allows only its own scripts and the emulators', async () => {
    const csp = (await fetch(`${base}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('connect-src \'self\' http://127.0.0.1:9099 http://127.0.0.1:8080');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('error pages outside /api', () => {
  it('show no stack trace and no path of the server, for a malformed address or a missing asset', async () => {
    for (const [address, status] of [
      ['/static/%ff', 400],
      ['/static/js/%E0%A4%A', 400],
      ['/static/js/missing.js', 404],
    ] as const) {
      const response = await fetch(`${base}${address}`);
      const text = await response.text();
      expect([address, response.status]).toEqual([address, status]);
      expect(text).not.toMatch(/at |node_modules|\/work\/|\/tmp\/|Error:/);
    }
  });
});
