'use strict';
/**
 * Runs one part of the local stack (the command after `--`) and keeps it from outliving the supervisor:
 * when the supervisor is gone, even by SIGKILL, the part's whole process group is killed, so a crashed
 * `npm start` leaves no emulator holding its port. Before that, a part with a last save
 * (`--last-save '{"cwd": …, "args": [Node arguments]}'`) gets it: an emulator exports what it holds, so nothing
 * written since its last periodic save is lost. The part leads a process group of its own (gcloud insists
 * on one), and the signals the supervisor sends are passed on to that group.
 */
const { spawn, spawnSync } = require('node:child_process');

const separator = process.argv.indexOf('--');
const [command, ...args] = process.argv.slice(separator + 1);
const lastSaveAt = process.argv.indexOf('--last-save');
const lastSave = lastSaveAt >= 0 && lastSaveAt < separator ? JSON.parse(process.argv[lastSaveAt + 1]) : null;
const supervisor = process.ppid;
const child = spawn(command, args, { stdio: 'inherit', detached: true });

const signalPart = (signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The part's group is gone already.
  }
};

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => signalPart(signal));
child.on('error', (error) => {
  console.error(`${command}: ${error.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => {
  // Whatever the part left behind in its group (a wrapper's Java child) goes with it.
  signalPart('SIGKILL');
  process.exit(code ?? (signal ? 128 : 1));
});

setInterval(() => {
  if (process.ppid === supervisor) return;
  if (lastSave) spawnSync(process.execPath, lastSave.args, { cwd: lastSave.cwd, stdio: 'inherit', timeout: 30_000 });
  signalPart('SIGKILL');
  process.exit(1);
}, 500).unref();
