import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The full path of a command as the shell would find it on PATH, or null. */
export function findExecutable(command: string): string | null {
  if (command.includes('/')) return fs.existsSync(command) ? command : null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  return null;
}

/** Java's major version, or null when no java runs. */
export function javaMajorVersion(): number | null {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(result.stderr + result.stdout);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}
