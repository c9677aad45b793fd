import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { ClientRequest } from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { waitUntil } from './network';
import { startNginx } from './nginx';

export interface HostingFront {
  /** The store as a browser reaches it through the front: `https://127.0.0.1:<port>`. */
  url: string;
  /** The SHA-256 of the certificate's public key (base64), for Chromium's `--ignore-certificate-errors-spki-list`. */
  spkiHash: string;
  stop(): Promise<void>;
}

/**
 * The store served as Firebase Hosting serves it in production, in front of the API on Cloud Run: TLS 1.3 and
 * HTTP/2, here nginx on 127.0.0.1:`port` with a certificate made for this run (openssl, valid a day, never
 * kept), passing every request on to `upstream` (the stack's own plain HTTP/1.1 address). Over HTTP/2 a page's
 * scripts share the connection its document came on, as they do for a player; Lighthouse simulates the
 * protocol it sees, so the bench measures through this front.
 */
export async function startHostingFront({ port, upstream, runDir }: { port: number; upstream: string; runDir: string }): Promise<HostingFront> {
  const dir = path.join(runDir, 'hosting-front-tls');
  fs.mkdirSync(dir, { recursive: true });
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certFile],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make the front's certificate (apt-get install -y openssl): ${made.error?.message ?? made.stderr}`);
  const cert = fs.readFileSync(certFile, 'utf8');
  const spkiHash = crypto
    .createHash('sha256')
    .update(crypto.createPublicKey(cert).export({ type: 'spki', format: 'der' }))
    .digest('base64');
  const url = `https://127.0.0.1:${port}`;
  const nginx = await startNginx({
    name: 'hosting-front',
    runDir,
    http: `  upstream store { server ${new URL(upstream).host}; keepalive 16; }
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${certFile};
    ssl_certificate_key ${keyFile};
    ssl_protocols TLSv1.3;
    location / {
      proxy_pass http://store;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto https;
    }
  }`,
    // The API's health through the front: nginx listens, speaks TLS with this certificate, and passes requests on.
    ready: (exited) => waitUntil(() => answersOk(`${url}/api/health`, cert), { timeoutMs: 15_000, giveUp: exited }),
  });
  return { url, spkiHash, stop: () => nginx.stop() };
}

/** Whether `url` answers 200 over TLS, trusting only `ca` (this run's certificate). */
function answersOk(url: string, ca: string): Promise<boolean> {
  return new Promise((resolve) => {
    https
      .get(url, { ca, timeout: 2_000 }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      })
      // `timeout` only reports the silence; ending the request turns it into the error below.
      .on('timeout', function (this: ClientRequest) {
        this.destroy();
      })
      .on('error', () => resolve(false));
  });
}
