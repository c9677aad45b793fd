import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { runScale, scaleLine } from '../../scripts/scale/scaleRun';
import { loopbackGuardEnv, projectRoot } from '../../scripts/stack/testing/throwawayStack';

/**
 * The short form of `npm run scale`: three API instances from the production build behind nginx, jobs from
 * a scheduler stand-in, and every instance replaced in turn (SIGTERM in the middle of the storm, then a new
 * one) while players keep buying. Counted from Firestore and the mail catcher: nothing doubled, nothing lost,
 * no 5xx, one receipt each. (npm run bench runs the full form.)
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

it('keeps every promise with three instances restarted one by one in the middle of a storm', async () => {
  // The default ports of a running `npm start` are taken: the run picks its own for every part.
  const release = await holdPort(3200);
  const figures = await runScale({ projectRoot, players: 9, instances: 3, rollingRestart: true, singleInstancePhase: false, extraEnv: loopbackGuardEnv() }).finally(release);
  expect(figures.paid).toBeGreaterThanOrEqual(9 + 3);
  expect(scaleLine(figures)).toBe(
    `${figures.paid} paid, ${figures.paid} credited once, 0 doubled, 0 lost, 0 5xx, ${figures.paid} receipts sent once; purchases/s ${figures.purchasesPerSecond.many.toFixed(2)} with 3 instances`,
  );
  // Each instance stopped within Cloud Run's 10 s after SIGTERM.
  expect(figures.stopTimesMs).toHaveLength(3);
  for (const stopMs of figures.stopTimesMs) expect(stopMs).toBeLessThan(10_000);
  // Nothing of it is left running: not an instance, not nginx.
  expect(spawnSync('pgrep', ['-af', 'wyrmcrown-scale-'], { encoding: 'utf8' }).stdout).toBe('');
});
