import fs from 'node:fs';

/**
 * Saves a part's data without ever leaving half of it: `write` fills a staging folder beside `dataDir`, and
 * only a whole save is swapped in (the previous one kept aside until the new one is in place).
 */
export async function saveIntoPlace(dataDir: string, write: (staging: string) => Promise<void>): Promise<void> {
  const staging = `${dataDir}.saving-${process.pid}`;
  const previous = `${dataDir}.previous`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    await write(staging);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  fs.rmSync(previous, { recursive: true, force: true });
  if (fs.existsSync(dataDir)) fs.renameSync(dataDir, previous);
  fs.renameSync(staging, dataDir);
  fs.rmSync(previous, { recursive: true, force: true });
}

/** A save cut off between its two renames left the previous data aside: put it back before it is read. */
export function recoverSavedData(dataDir: string): void {
  const previous = `${dataDir}.previous`;
  if (!fs.existsSync(dataDir) && fs.existsSync(previous)) fs.renameSync(previous, dataDir);
}
