import { exportAccounts } from './authEmulator';
import { exportData } from './firestoreEmulator';
import type { LastSave } from './lastSave';

/** An emulator's last save (see ./lastSave), run by its guardian as `node --import tsx runLastSave.ts '<save>'`. */
async function main(): Promise<void> {
  const save = JSON.parse(process.argv[2] ?? '') as LastSave;
  if (save.part === 'firestore') await exportData(save.host, save.port, save.projectId, save.dataDir);
  else await exportAccounts(save.host, save.hubPort, save.dataDir);
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(`last save failed: ${error.message}`);
    process.exit(1);
  },
);
