import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface ManagedProcessOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  logFile: string;
  /** A last save the guardian runs (Node with these arguments, in `cwd`), should the supervisor die without stopping the part. */
  lastSave?: { cwd: string; args: string[] };
}

const GUARDIAN = path.join(__dirname, 'guardian.cjs');

/**
 * A child started in its own process group (so wrappers such as gcloud take their Java child with them),
 * with its output in a log file. `stop` signals the whole group and escalates to SIGKILL.
 */
export class ManagedProcess {
  readonly name: string;
  readonly logFile: string;
  private readonly child: ChildProcess;
  private exitCode: number | null | undefined = undefined;
  readonly exited: Promise<number | null>;

  constructor(options: ManagedProcessOptions) {
    this.name = options.name;
    this.logFile = options.logFile;
    const log = fs.openSync(options.logFile, 'a');
    // The guardian leads the part's group and takes it down if this supervisor dies without stopping it.
    const lastSave = options.lastSave ? ['--last-save', JSON.stringify(options.lastSave)] : [];
    this.child = spawn(process.execPath, [GUARDIAN, ...lastSave, '--', options.command, ...options.args], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    this.exited = new Promise((resolve) => {
      this.child.once('error', (error) => {
        fs.appendFileSync(options.logFile, `\n${error.message}\n`);
        this.exitCode = null;
        resolve(null);
      });
      this.child.once('exit', (code, signal) => {
        this.exitCode = code ?? (signal ? 128 : null);
        resolve(this.exitCode);
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.exitCode === undefined;
  }

  /** The last lines of the log, for error messages. */
  logTail(lines = 15): string {
    try {
      return fs.readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> {
    if (!this.child.pid) return;
    this.signalGroup(signal);
    const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), graceMs).unref());
    const outcome = await Promise.race([this.exited, timer]);
    // The group leader may be gone while its children linger: always sweep the group.
    this.signalGroup('SIGKILL');
    if (outcome === 'timeout') await this.exited;
  }

  private signalGroup(signal: NodeJS.Signals): void {
    try {
      process.kill(-this.child.pid!, signal);
    } catch {
      // The group is already gone.
    }
  }
}
