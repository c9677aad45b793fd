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
  return { cwd: projectRoot, args: ['--import', 'tsx', path.join(projectRoot, 'scripts', 'stack', 'lastSave.ts'), JSON.stringify(save)] };
}

async function main(): Promise<void> {
  const save = JSON.parse(process.argv[2] ?? '') as LastSave;
  // Imported here, not at the top: the parts import lastSaveArgs from this file.
  if (save.part === 'firestore') await (await import('./firestoreEmulator')).exportData(save.host, save.port, save.projectId, save.dataDir);
  else await (await import('./authEmulator')).exportAccounts(save.host, save.hubPort, save.dataDir);
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (error: Error) => {
      console.error(`last save failed: ${error.message}`);
      process.exit(1);
    },
  );
}
