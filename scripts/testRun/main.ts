import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm test`: the machine set up for the system tests (scripts/machine), then the unit loop with the build beside it
 * (the type-checker, ESLint and jest's one worker leave a core to webpack), and the system suites on two workers from the
 * moment the build is done, while the unit loop finishes (the first system suites share the machine; those that must
 * have it alone run last). A unit failure stops the system run. It ends by printing how long each step took and the
 * machine's load, the figures docs/testing.md keeps per landing.
 */
const root = path.resolve(__dirname, '../..');

interface Step {
  name: string;
  seconds: number;
}

const running = new Set<ChildProcess>();

function run(name: string, command: string, args: string[], logFile?: string): Promise<Step> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const log = logFile ? fs.openSync(logFile, 'w') : null;
    // Its own process group, so a failure elsewhere can stop it whole (jest's workers and the stack with it).
    const child = spawn(command, args, { cwd: root, detached: true, stdio: log === null ? 'inherit' : ['ignore', log, log] });
    running.add(child);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      running.delete(child);
      if (log !== null) fs.closeSync(log);
      const seconds = (Date.now() - started) / 1000;
      if (code === 0) resolve({ name, seconds });
      else {
        if (logFile) process.stderr.write(fs.readFileSync(logFile, 'utf8'));
        reject(new Error(`${name} failed (${signal ?? `exit ${code}`}) after ${seconds.toFixed(0)} s`));
      }
    });
  });
}

/** Stops every step still running (its whole group: jest's workers, the stack's processes), and waits for them to exit. */
async function stopTheRest(): Promise<void> {
  const exits = [...running].map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Gone meanwhile.
    }
  }
  await Promise.race([Promise.all(exits), new Promise((resolve) => setTimeout(resolve, 30_000))]);
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

async function main(): Promise<void> {
  const started = Date.now();
  const steps: Step[] = [];
  steps.push(await run('machine setup', process.execPath, ['--import', 'tsx', 'scripts/machine/main.ts']));
  const buildLog = path.join(os.tmpdir(), `wyrmcrown-build-${process.pid}.log`);
  // The screenshots are for a person to look at (npm run test:system keeps them); here they would only cost time.
  process.env.SCREENSHOTS ??= 'off';
  let loadAtSystemStart = '';
  // The unit loop's output is kept apart (it would interleave with the system suites'): printed whole if it fails, its
  // summary once it passes.
  const unitLog = path.join(os.tmpdir(), `wyrmcrown-unit-${process.pid}.log`);
  // At a lower priority than the build and the system suites, whose time is the run's: it takes the cycles they leave
  // (a suite that runs alone seldom keeps both cores busy), and is done long before them.
  const unit = run('unit loop', 'nice', ['-n', '10', 'npm', 'run', 'test:unit'], unitLog).then((step) => {
    process.stdout.write(`\n${fs.readFileSync(unitLog, 'utf8').trim().split('\n').slice(-4).join('\n')}\n(the unit loop, done after ${step.seconds.toFixed(0)} s)\n\n`);
    fs.rmSync(unitLog, { force: true });
    return step;
  });
  const buildThenSystem = run('build (beside the unit loop)', 'npm', ['run', 'build'], buildLog).then(async (build) => {
    fs.rmSync(buildLog, { force: true });
    loadAtSystemStart = load();
    return [build, await run('system suites', 'npx', ['jest', '--selectProjects', 'system', '--maxWorkers=2'])] as const;
  });
  try {
    const [unitStep, [buildStep, systemStep]] = await Promise.all([unit, buildThenSystem]);
    steps.push(unitStep, buildStep, systemStep);
  } catch (error) {
    await stopTheRest();
    throw error;
  }
  const total = (Date.now() - started) / 1000;
  console.log(`\nnpm test: ${steps.map((step) => `${step.name} ${step.seconds.toFixed(0)} s`).join(', ')}; in all ${total.toFixed(0)} s (${(total / 60).toFixed(1)} min)`);
  console.log(`load average (1, 5, 15 min) as the system suites started ${loadAtSystemStart}, at the end ${load()}, on ${os.cpus().length} cores`);
}

// The steps lead process groups of their own: an interrupt stops them with this run.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopTheRest().then(() => process.exit(130));
  });
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
