import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import webpack from 'webpack';
import { prerenderPages } from './prerender';

/** What the client build is made from; a change to any of these makes dist/ stale. */
const BUILD_INPUTS = [
  'src/client',
  'src/shared',
  'src/server/config',
  'src/server/http/configTokens.ts',
  'scripts/build/prerender.ts',
  'scripts/build/routeChunks.ts',
  'public',
  'types',
  'webpack.config.js',
  'package-lock.json',
  'tsconfig.json',
];
const FINGERPRINT_FILE = '.build-fingerprint';

function listFiles(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [relative];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .flatMap((entry) => listFiles(root, path.join(relative, entry.name)))
    .filter((file) => !/\.test\.tsx?$/.test(file));
}

export function sourceFingerprint(projectRoot: string): string {
  const hash = crypto.createHash('sha256');
  for (const file of BUILD_INPUTS.flatMap((input) => listFiles(projectRoot, input)).sort()) {
    hash.update(file).update('\0').update(fs.readFileSync(path.join(projectRoot, file))).update('\0');
  }
  return hash.digest('hex');
}

function fingerprintPath(projectRoot: string): string {
  return path.join(projectRoot, 'dist', FINGERPRINT_FILE);
}

export function isBuildFresh(projectRoot: string): boolean {
  try {
    return fs.readFileSync(fingerprintPath(projectRoot), 'utf8') === sourceFingerprint(projectRoot);
  } catch {
    return false;
  }
}

type WebpackConfigs = ((env: object, argv: object) => webpack.Configuration) & { prerender: () => webpack.Configuration };

function compile(config: webpack.Configuration, what: string): Promise<webpack.Stats> {
  return new Promise<webpack.Stats>((resolve, reject) => {
    webpack(config, (error, result) => {
      if (error || !result) reject(error ?? new Error('webpack returned nothing'));
      else if (result.hasErrors()) reject(new Error(`The ${what} build failed:\n${result.toString({ all: false, errors: true })}`));
      else resolve(result);
    });
  });
}

/**
 * Builds the production client with webpack, then the build-time renderer, then renders the public pages
 * to HTML (scripts/build/prerender.ts); records what it was built from.
 */
export async function buildClient(projectRoot: string): Promise<webpack.Stats> {
  const fingerprint = sourceFingerprint(projectRoot);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const configs = require(path.join(projectRoot, 'webpack.config.js')) as WebpackConfigs;
  const [stats] = await Promise.all([compile(configs({}, { mode: 'production' }), 'client'), compile(configs.prerender(), 'prerender')]);
  await prerenderPages(projectRoot, {
    ...stats.toJson({ all: false, entrypoints: true, chunkGroups: true, chunkGroupMaxAssets: Infinity }),
    assets: stats.compilation.getAssets().map(({ name }) => ({ name })),
  } as webpack.StatsCompilation);
  fs.writeFileSync(fingerprintPath(projectRoot), fingerprint);
  return stats;
}

/** Where the production server is built: one CommonJS file that starts with plain node. */
export const SERVER_BUNDLE = path.join('dist-server', 'server.cjs');

/**
 * The production server: src/server/main.ts and everything of the project's it imports, bundled by esbuild
 * into one CommonJS file, its npm dependencies left to node_modules (installed with --omit=dev beside it).
 * One file starts with node alone (no TypeScript loader, no source tree in the image) and starts faster;
 * keeping the dependencies outside leaves firebase-admin's and gRPC's own loading as npm installed them.
 */
export async function buildServer(projectRoot: string): Promise<void> {
  await esbuild({
    entryPoints: [path.join(projectRoot, 'src', 'server', 'main.ts')],
    outfile: path.join(projectRoot, SERVER_BUNDLE),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

/** Builds only when dist/ is missing or older than its sources. Returns whether it built. */
export async function ensureFreshBuild(projectRoot: string): Promise<boolean> {
  if (isBuildFresh(projectRoot)) return false;
  await buildClient(projectRoot);
  return true;
}

if (require.main === module) {
  const projectRoot = path.resolve(__dirname, '../..');
  Promise.all([buildClient(projectRoot), buildServer(projectRoot)]).then(
    () => console.log(`Client built into dist/, server into ${SERVER_BUNDLE}.`),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
