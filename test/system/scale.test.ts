import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { BEACON_STORM, runScale, scaleLine } from '../../scripts/scale/scaleRun';
import { loopbackGuardEnv, projectRoot } from '../../scripts/stack/testing/throwawayStack';

/**
 * The short form of `npm run scale`: three API instances from the production build behind nginx, jobs from
 * a scheduler stand-in, and every instance replaced in turn (SIGTERM in the middle of the storm, then a new
 * one) while players keep buying. Counted from Firestore and the mail catcher: nothing doubled, nothing lost,
 * no 5xx, one receipt each. (npm run bench runs the full form.) The storm is launch day's: 60 players buying at once
 * and 300 page-speed beacons in 3 s, with the write meter on every instance. One stack for both: a second run would
 * start nginx, three instances and the emulators again for the same promises (a minute of `npm test`).
 */
jest.setTimeout(300_000);

/** Holds a port as a running `npm start` would (already taken: held by whoever holds it, which serves as well). */
async function holdPort(port: number): Promise<() => Promise<void>> {
  const holder = net.createServer();
  const held = await new Promise<boolean>((resolve) => {
    holder.once('error', () => resolve(false));
    holder.listen(port, '127.0.0.1', () => resolve(true));
  });
  return async () => {
    if (held) await new Promise((resolve) => holder.close(resolve));
  };
}

it(`launch day: 60 players buying at once and ${BEACON_STORM.count} beacons in ${BEACON_STORM.ms / 1000} s, then the three instances replaced one by one while players keep buying: every promise kept, no shared document written over 10 times in any 10 s, and the day's figures are the orders made`, async () => {
  // The default ports of a running `npm start` are taken: the run picks its own for every part.
  const release = await holdPort(3200);
  const figures = await runScale({ projectRoot, players: 60, instances: 3, rollingRestart: true, singleInstancePhase: false, extraEnv: loopbackGuardEnv() }).finally(release);
  // The warming wave, the storm and a wave at least while the instances were replaced: each paid.
  expect(figures.purchases).toBeGreaterThanOrEqual(15 + 60 + 15);
  expect(figures.paid).toBe(figures.purchases);
  expect(scaleLine(figures)).toBe(
    `${figures.paid} paid, ${figures.paid} credited once, 0 doubled, 0 lost, 0 5xx, ${figures.paid} receipts sent once; purchases/s ${figures.purchasesPerSecond.many.toFixed(2)} with 3 instances`,
  );
  // Each instance stopped within Cloud Run's 10 s after SIGTERM.
  expect(figures.stopTimesMs).toHaveLength(3);
  for (const stopMs of figures.stopTimesMs) expect(stopMs).toBeLessThan(10_000);
  expect(figures.beacons).toBe(BEACON_STORM.count);
  // The meter saw the storm: the day's counts, the beacons' documents and every order's own.
  expect(figures.meter.writes).toBeGreaterThan(15 * figures.purchases);
  expect(figures.meter.busiestShared!.path).toMatch(/^(stats_daily|funnel_daily|rum_daily|operations|rate_limits)\//);
  expect(figures.meter.over).toEqual([]);
  // /api/metrics reads today's shards as the overview does: every order made, paid and credited, to the cent.
  expect(figures.today.counted).toEqual(figures.today.made);
  // Nothing of it is left running: not an instance, not nginx.
  expect(spawnSync('pgrep', ['-af', 'wyrmcrown-scale-'], { encoding: 'utf8' }).stdout).toBe('');
});
