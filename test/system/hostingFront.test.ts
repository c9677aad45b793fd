import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { startHostingFront, type HostingFront } from '../../scripts/stack/hostingFront';
import { findFreePort, isPortFree } from '../../scripts/stack/network';

/** What a request through the front looked like to the store behind it, and how the browser's side went. */
async function requestThroughFront(front: HostingFront, ca: string, requestPath: string) {
  const session = http2.connect(front.url, { ca: ca || undefined });
  try {
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      session.on('error', reject);
      const stream = session.request({ ':path': requestPath });
      let body = '';
      let status = 0;
      stream.on('response', (headers) => (status = Number(headers[':status'])));
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (body += chunk));
      stream.on('end', () => resolve({ status, body }));
      stream.on('error', reject);
    });
    const socket = session.socket as TLSSocket;
    return { ...response, alpn: socket.alpnProtocol, tls: socket.getProtocol() };
  } finally {
    session.close();
  }
}

describe('the TLS front the bench measures through (as Firebase Hosting serves the store)', () => {
  let store: http.Server;
  let front: HostingFront;
  let port: number;
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wyrmcrown-front-test-'));

  beforeAll(async () => {
    // A stand-in for the stack: it answers its health and tells what reached it.
    store = http.createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ path: request.url, host: request.headers.host, proto: request.headers['x-forwarded-proto'] }));
    });
    await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
    port = await findFreePort();
    front = await startHostingFront({ port, upstream: `http://127.0.0.1:${(store.address() as AddressInfo).port}`, runDir });
  });
  afterAll(async () => {
    await front?.stop();
    await new Promise((resolve) => store.close(resolve));
  });

  it('serves HTTP/2 over TLS 1.3 with a certificate for 127.0.0.1 whose key the browser is told to trust', async () => {
    const cert = fs.readFileSync(path.join(runDir, 'hosting-front-tls', 'cert.pem'), 'utf8');
    const seen = await requestThroughFront(front, cert, '/account/orders?x=1');
    expect(seen).toMatchObject({ status: 200, alpn: 'h2', tls: 'TLSv1.3' });
    // The request reaches the store whole, with the address the browser used and the scheme it came by.
    expect(JSON.parse(seen.body)).toEqual({ path: '/account/orders?x=1', host: `127.0.0.1:${port}`, proto: 'https' });
    expect(front.spkiHash).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it('is trusted by no one else: a client without its certificate is refused', async () => {
    await expect(requestThroughFront(front, '', '/')).rejects.toThrow(/self[- ]signed|certificate/i);
  });

  it('frees its port when stopped', async () => {
    await front.stop();
    expect(await isPortFree('127.0.0.1', port)).toBe(true);
  });
});
