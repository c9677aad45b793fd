import path from 'node:path';
import { buildServer } from '../build/main';
import { printScaleFigures, runScale } from './scaleRun';

/**
 * `npm run scale`: the proof that several instances behind a load balancer keep the store's promises, on
 * this machine (scripts/scale/scaleRun.ts). `-- --players N` sets the storm's size (default 60).
 */
async function main(): Promise<void> {
  process.env.METADATA_SERVER_DETECTION = 'none';
  const projectRoot = path.resolve(__dirname, '../..');
  const at = process.argv.indexOf('--players');
  const players = at >= 0 ? Number(process.argv[at + 1]) : 60;
  if (!Number.isInteger(players) || players < 1 || players > 500) throw new Error('--players takes a whole number from 1 to 500.');
  await buildServer(projectRoot);
  const figures = await runScale({ projectRoot, players, instances: 3, rollingRestart: true, singleInstancePhase: true, log: (line) => console.log(line) });
  printScaleFigures(figures);
  const kept = figures.doubled === 0 && figures.lost === 0 && figures.serverErrors === 0 && figures.receiptsOnce === figures.paid;
  process.exit(kept ? 0 : 1);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
