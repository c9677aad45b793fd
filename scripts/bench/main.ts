import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROUTES } from '../../src/shared/routes';
import { benchProviderChecks } from './providerChecks';
import { benchSweep, sweepLine } from './sweep';
import { printGoals } from './goals';
import { benchLighthouse } from './lighthouse';
import { buildClient, buildServer } from '../build/main';
import { printScaleFigures, runScale } from '../scale/scaleRun';
import { APP_CHUNK_GROUP, chunkGroupOf, PAGE_CHUNK_GROUPS, RUM_CHUNK_GROUP } from '../build/routeChunks';

/**
 * `npm run bench`: builds the production client and prints, for each page, the gzip size of the JavaScript
 * a first visit to it downloads (the entry chunks, the app's and that page's chunk groups), and whether any of it is
 * firebase, axios or zod, which must load only when a flow needs them; then Lighthouse on the public pages, and
 * the provider checks' figures; then the production server's start-to-ready time and npm run scale's full form.
 * After Lighthouse, issue 20's goals are printed beside what the run measured (scripts/bench/goals.ts).
 * `-- --cost` measures only a purchase's Firestore operations and the provider checks; `-- --sizes` stops after the sizes; `-- --lighthouse` after Lighthouse; `-- --signed-in` measures only the
 * signed-in pages and the interactions; `-- --interactions` only Buy and Submit's input to next paint;
 * `-- --against <commit>` builds that commit beside this head and alternates their Lighthouse runs page by page;
 * `-- --pages /,/shop` keeps Lighthouse's public pages to those.
 */
/**
 * Chunks that load only when a flow needs them: the Firebase worker (sign-in, live balance, payment), axios, and the
 * checkout a chosen pack loads on /shop (its screens, and the payment feature's state and sagas).
 */
const FLOW_CHUNKS = ['firebase-worker', 'axios', 'payment-screens', 'feature-payment'];
/** Libraries a page's first load should leave out (zod comes with the forms that validate, not with a list or a receipt). */
const WATCHED_LIBRARIES = { firebase: /node_modules\/(@firebase|firebase)\//, axios: /node_modules\/axios\//, zod: /node_modules\/zod\// };

/** The value given after a flag (`--against 9a4cad9`), or null. */
function valueOf(flag: string): string | null {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? (process.argv[at + 1] ?? null) : null;
}

async function main(): Promise<void> {
  const projectRoot = path.resolve(__dirname, '../..');
  // `npm run bench -- --cost`: only what a purchase costs in Firestore operations, and the provider checks' figures.
  if (process.argv.includes('--cost')) return benchProviderChecks();
  const started = Date.now();
  const stats = (await buildClient(projectRoot)).toJson({
    all: false,
    chunks: true,
    chunkModules: true,
    chunkGroups: true,
    entrypoints: true,
    ids: true,
  });
  const buildSeconds = (Date.now() - started) / 1000;
  const distDir = path.join(projectRoot, 'dist');
  const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

  const entry = stats.entrypoints?.main;
  if (!entry) throw new Error('No main entrypoint in the build.');
  const moduleNamesOf = (chunkIds: Array<string | number>) =>
    (stats.chunks ?? [])
      .filter((chunk) => chunk.id !== undefined && chunkIds.includes(chunk.id))
      .flatMap((chunk) => (chunk.modules ?? []).flatMap((m) => [m.name ?? '', ...(m.modules ?? []).map((n) => n.name ?? '')]));

  /** The JavaScript of the named chunk groups (plus the entry's, for a first visit) and what it holds. */
  const measure = (label: string, chunkNames: readonly string[], withEntry: boolean) => {
    const named = chunkNames.map((chunkName) => chunkGroupOf(stats, chunkName));
    const groups = withEntry ? [entry, ...named] : named;
    const files = [...new Set(groups.flatMap((g) => g.assets ?? []).map((a) => a.name))].filter((f) =>
      f.endsWith('.js'),
    );
    const modules = moduleNamesOf(groups.flatMap((g) => g.chunks ?? []));
    const found = Object.entries(WATCHED_LIBRARIES)
      .filter(([, pattern]) => modules.some((name) => pattern.test(name)))
      .map(([library]) => library);
    return { label, bytes: files.reduce((sum, file) => sum + gzipSize(file), 0), files: files.length, found };
  };
  const rows = Object.entries(PAGE_CHUNK_GROUPS).map(([route, chunks]) => measure(route, [APP_CHUNK_GROUP, RUM_CHUNK_GROUP, ...chunks], true));
  const flowRows = FLOW_CHUNKS.map((chunk) => measure(chunk, [chunk], false));
  const printRow = (row: ReturnType<typeof measure>) =>
    console.log(
      `  ${row.label.padEnd(32)}${kb(row.bytes).padStart(10)}${String(row.files).padStart(7)}  ${row.found.join(', ') || 'none'}`,
    );

  console.log(`Production build in ${buildSeconds.toFixed(1)} s.\n`);
  console.log('First-load JavaScript per route (gzip -9):');
  console.log(`  ${'route'.padEnd(32)}${'gzip'.padStart(10)}${'files'.padStart(7)}  firebase/axios/zod`);
  rows.forEach(printRow);
  console.log('\nLoaded later, only when a flow needs them:');
  flowRows.forEach(printRow);
  const allJs = fs.readdirSync(path.join(distDir, 'static', 'js')).filter((f) => f.endsWith('.js'));
  const totalGzip = allJs.reduce((sum, f) => sum + gzipSize(path.join('static', 'js', f)), 0);
  console.log(`\nAll JavaScript in dist: ${allJs.length} files, ${kb(totalGzip)} gzip.`);
  // Field speed rides in every first load: web-vitals and the beacon must stay under 3 kB (gzip).
  const rum = measure(RUM_CHUNK_GROUP, [RUM_CHUNK_GROUP], false);
  console.log(`Field speed (web-vitals and the beacon, in every first load above): ${kb(rum.bytes)} gzip.`);
  if (rum.bytes >= 3 * 1024) {
    console.error('Field speed adds 3 kB or more to every first load.');
    process.exitCode = 1;
  }
  if (rows.find((row) => row.label === ROUTES.home)?.found.length) {
    console.error('The first load of / includes firebase, axios or zod.');
    process.exitCode = 1;
  }
  if (rows.find((row) => row.label === ROUTES.shop)?.found.includes('zod')) {
    console.error("The first load of /shop includes zod: the checkout's forms bring it when a pack is chosen.");
    process.exitCode = 1;
  }
  // `npm run bench -- --sizes` stops here; Lighthouse and the provider checks' figures start stacks of their own.
  if (process.argv.includes('--sizes')) return;
  const firstLoadBytes = (page: string) => rows.find((row) => row.label === page)?.bytes ?? 0;
  const measured = await benchLighthouse((page) => kb(firstLoadBytes(page)), {
    interactionsOnly: process.argv.includes('--interactions'),
    signedInOnly: process.argv.includes('--signed-in'),
    http1: process.argv.includes('--http1'),
    against: valueOf('--against'),
    pages: valueOf('--pages')?.split(',') ?? null,
  });
  if (!process.argv.includes('--pages')) printGoals({ ...measured, firstLoadKb: (page) => firstLoadBytes(page) / 1024 });
  if (['--lighthouse', '--interactions', '--signed-in'].some((flag) => process.argv.includes(flag))) return;
  await benchProviderChecks();
  console.log(sweepLine(await benchSweep()));
  // The production server: start to ready, and many instances behind a load balancer (npm run scale's full form).
  await buildServer(projectRoot);
  console.log('\nSeveral instances (npm run scale, 60 players a phase):');
  printScaleFigures(await runScale({ projectRoot, players: 60, instances: 3, rollingRestart: true, singleInstancePhase: true, log: (line) => console.log(`  ${line}`) }));
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
