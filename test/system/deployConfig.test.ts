import fs from 'node:fs';
import path from 'node:path';
import { minimatch } from 'minimatch';
import { parse } from 'yaml';
import { API_BASE, API_ROUTES } from '../../src/shared/api';
import { RECEIPT_ROUTE, ROUTES, SUPPORT_ORDER_ROUTE } from '../../src/shared/routes';
import { settingsSchema } from '../../src/server/config/settings';

/**
 * The deployment as the repository describes it: firebase.json (Hosting), deploy/cloud-run.yaml (the
 * service) and the Dockerfile, each read as its tool would, so a renamed path, a missing secret or a
 * changed port fails the build.
 */
const root = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Rewrite {
  source: string;
  run?: { serviceId: string; region: string };
}
interface HeaderRule {
  source: string;
  headers: Array<{ key: string; value: string }>;
}
const hosting = (JSON.parse(read('firebase.json')) as { hosting: { public: string; ignore: string[]; rewrites: Rewrite[]; headers: HeaderRule[] } }).hosting;
const service = parse(read('deploy/cloud-run.yaml'));
const container = service.spec.template.spec.containers[0];
const env = new Map<string, { value?: string; valueFrom?: { secretKeyRef: { name: string; key: string } } }>(
  container.env.map((entry: { name: string }) => [entry.name, entry]),
);

/** Firebase Hosting's answer to a path: the first rewrite that matches it, and the headers of every rule that does. */
const rewriteFor = (pathname: string) => hosting.rewrites.find((rule) => minimatch(pathname, rule.source, { dot: true }));
const cacheControlFor = (pathname: string) =>
  hosting.headers.filter((rule) => minimatch(pathname, rule.source, { dot: true })).flatMap((rule) => rule.headers).find((header) => header.key === 'Cache-Control')?.value;
/** A concrete path for a route pattern. */
const concrete = (route: string) => route.replace(/:(\w+)/g, 'WC0000000000EXAMPLE');

/** Every file Hosting would upload from the build. */
function publicFiles(folder = path.join(root, hosting.public)): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? publicFiles(full) : [`/${path.relative(path.join(root, hosting.public), full).split(path.sep).join('/')}`];
  });
}
const uploaded = () => publicFiles().filter((file) => !hosting.ignore.some((pattern) => minimatch(file.slice(1), pattern, { dot: true })));

describe('firebase.json: Hosting in front of Cloud Run', () => {
  const runService = { serviceId: service.metadata.name, region: service.metadata.labels['cloud.googleapis.com/location'] };

  it.each(Object.entries(API_ROUTES))('sends the API route %s to the Cloud Run service, never cached', (_name, route) => {
    const pathname = `${API_BASE}${concrete(route)}`;
    expect([pathname, rewriteFor(pathname)?.run]).toEqual([pathname, runService]);
    expect([pathname, cacheControlFor(pathname)]).toEqual([pathname, 'no-store']);
  });

  it.each([...Object.values(ROUTES), concrete(RECEIPT_ROUTE), concrete(SUPPORT_ORDER_ROUTE)])(
    'asks Cloud Run for the page %s, so its HTML carries this deployment’s settings',
    (pathname) => {
      expect(uploaded()).not.toContain(pathname === '/' ? '/index.html' : `${pathname}.html`);
      expect(uploaded()).not.toContain(`${pathname.replace(/\/$/, '')}/index.html`);
      expect(rewriteFor(pathname)?.run).toEqual(runService);
    },
  );

  it('uploads no HTML at all (the pages come from Cloud Run), and caches hashed assets a year as immutable', () => {
    const files = uploaded();
    expect(files.filter((file) => file.endsWith('.html'))).toEqual([]);
    const hashed = files.filter((file) => file.startsWith('/static/'));
    expect(hashed.length).toBeGreaterThan(5);
    for (const file of hashed) expect([file, cacheControlFor(file)]).toEqual([file, 'public, max-age=31536000, immutable']);
    for (const file of files.filter((name) => !name.startsWith('/static/'))) expect([file, cacheControlFor(file)]).toEqual([file, 'public, max-age=3600']);
  });
});

describe('deploy/cloud-run.yaml: the service', () => {
  it('runs in Sydney with probes on the API’s health routes, bounded instances, and the port the image listens on', () => {
    expect(service.metadata.labels['cloud.googleapis.com/location']).toBe('australia-southeast1');
    expect(container.startupProbe.httpGet.path).toBe(`${API_BASE}${API_ROUTES.ready}`);
    expect(container.livenessProbe.httpGet.path).toBe(`${API_BASE}${API_ROUTES.health}`);
    const annotations = service.spec.template.metadata.annotations;
    expect(Number(annotations['autoscaling.knative.dev/minScale'])).toBeGreaterThanOrEqual(1);
    expect(Number(annotations['autoscaling.knative.dev/maxScale'])).toBeGreaterThan(1);
    expect(service.spec.template.spec.containerConcurrency).toBeGreaterThan(1);
    expect(service.spec.template.spec.timeoutSeconds).toBeGreaterThan(30);
    expect(container.ports[0].containerPort).toBe(Number(/^\s*PORT=(\d+)/m.exec(read('Dockerfile'))?.[1]));
  });

  it('runs as the API’s own service account, which signs the game sign-in’s custom tokens as itself (Token Creator)', () => {
    const account = service.spec.template.spec.serviceAccountName as string;
    expect(account).toMatch(/^wyrmcrown-api@PROJECT_ID\.iam\.gserviceaccount\.com$/);
    const guides = `${read('README.md')}\n${read('docs/deploying.md')}`;
    expect(guides).toContain('roles/iam.serviceAccountTokenCreator');
    // The grant, as the guide's command reads once its line continuations are joined.
    const commands = read('docs/deploying.md').replace(/\\\n\s*/g, '');
    expect(commands).toContain(`add-iam-policy-binding ${account} --member=serviceAccount:${account} --role=roles/iam.serviceAccountTokenCreator`);
  });

  it('takes every secret from Secret Manager, never as a value, and names only settings the server knows', () => {
    for (const secret of ['MERCHANT_PRIVATE_KEY', 'SMTP_URL', 'METRICS_TOKEN', 'CONSENT_LINK_SECRET', 'GIFT_KEY_SECRET', 'JOBS_OIDC_AUDIENCE', 'JOBS_SERVICE_ACCOUNT', 'GAME_WEBHOOK_SECRET']) {
      expect([secret, env.get(secret)?.value, env.get(secret)?.valueFrom?.secretKeyRef.key]).toEqual([secret, undefined, 'latest']);
    }
    const known = new Set([...Object.keys(settingsSchema.shape), 'NODE_ENV']);
    expect([...env.keys()].filter((name) => !known.has(name))).toEqual([]);
    expect(env.get('BACKGROUND_WORK')?.value).toBe('jobs');
    expect(env.get('JOBS_AUTH')?.value).toBe('oidc');
    expect(env.get('USE_FIREBASE_EMULATORS')?.value).toBe('false');
    expect(env.get('GAME_WEBHOOK_URL')?.value).toMatch(/^https:\/\//);
  });

  it('schedules every job endpoint the API has (deploy/scheduler-jobs.sh), each with the scheduler’s OIDC token', () => {
    const script = read('deploy/scheduler-jobs.sh');
    const jobs = Object.entries(API_ROUTES).filter(([name]) => name.startsWith('job')).map(([, route]) => route.replace('/jobs/', ''));
    expect(jobs).toEqual(expect.arrayContaining(['sweep', 'mail', 'game-events', 'books']));
    const listed = (name: string) => new RegExp(`^${name}="([^"]+)"$`, 'm').exec(script)?.[1]?.split(' ') ?? [];
    expect([...listed('JOBS'), ...listed('NIGHTLY_JOBS')].sort()).toEqual(jobs.sort());
    expect(listed('NIGHTLY_JOBS')).toEqual(['books']);
    expect(script).toContain('--oidc-service-account-email=');
    expect(read('docs/deploying.md')).toContain('sh deploy/scheduler-jobs.sh');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  it('builds on node:20-slim in two stages through scripts/release.sh, and runs the bundle with node as a non-root user', () => {
    expect(dockerfile.match(/^FROM node:20-slim AS \w+$/gm)).toHaveLength(2);
    expect(dockerfile).toContain('sh scripts/release.sh build');
    expect(dockerfile).toMatch(/release\.sh install \/app/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "dist-server\/server\.cjs"\]$/m);
    expect(dockerfile).not.toMatch(/tsx/);
    expect(read('.dockerignore').split('\n')).toEqual(expect.arrayContaining(['.env', '.data', 'node_modules', '.git']));
  });
});
