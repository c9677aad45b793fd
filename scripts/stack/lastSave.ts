import path from 'node:path';

/**
 * An emulator's last save, run by its guardian (guardian.cjs) when `npm start` dies without stopping it (a
 * SIGKILL, say): the same export the periodic saves make, before the guardian takes the emulator down, so
 * nothing written since the last periodic save is lost.
 */
export type LastSave =
  | { part: 'firestore'; host: string; port: number; projectId: string; dataDir: string }
  | { part: 'auth'; host: string; hubPort: number; dataDir: string };

/** How the guardian makes this save: Node with these arguments, in the project's folder (where tsx resolves). */
export function lastSaveArgs(projectRoot: string, save: LastSave): { cwd: string; args: string[] } {
  return { cwd: projectRoot, args: ['--import', 'tsx', path.join(projectRoot, 'scripts', 'stack', 'runLastSave.ts'), JSON.stringify(save)] };
}
