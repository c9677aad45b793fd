import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm test`: the machine set up for the system tests (scripts/machine), then the unit loop with the build beside it
 * (the type-checker, ESLint and jest's one worker leave a core to webpack), then the system suites on two workers.
 * It ends by printing how long each step took and the machine's load, the figures docs/testing.md keeps per landing.
 */
const root = path.resolve(__dirname, '../..');

interface Step {
  name: string;
  seconds: number;
}

function run(name: string, command: string, args: string[], logFile?: string): Promise<Step> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const log = logFile ? fs.openSync(logFile, 'w') : null;
    const child = spawn(command, args, { cwd: root, stdio: log === null ? 'inherit' : ['ignore', log, log] });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
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
  const [unit, build] = await Promise.all([run('unit loop', 'npm', ['run', 'test:unit']), run('build (beside it)', 'npm', ['run', 'build'], buildLog)]);
  fs.rmSync(buildLog, { force: true });
  steps.push(unit!, build!);
  const loadBeforeSystem = load();
  // The screenshots are for a person to look at (npm run test:system keeps them); here they would only cost time.
  process.env.SCREENSHOTS ??= 'off';
  steps.push(await run('system suites', 'npx', ['jest', '--selectProjects', 'system', '--maxWorkers=2']));
  const total = (Date.now() - started) / 1000;
  console.log(`\nnpm test: ${steps.map((step) => `${step.name} ${step.seconds.toFixed(0)} s`).join(', ')}; in all ${total.toFixed(0)} s (${(total / 60).toFixed(1)} min)`);
  console.log(`load average (1, 5, 15 min) before the system suites ${loadBeforeSystem}, at the end ${load()}, on ${os.cpus().length} cores`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
