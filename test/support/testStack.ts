import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseSettings, type Settings } from '../../src/server/config/settings';
import { findFreePort } from '../../scripts/stack/network';

export const projectRoot = path.resolve(__dirname, '../..');

/** Settings for a throwaway stack: every port free right now, so tests never meet a running `npm start`. */
export async function testStackSettings(overrides: Record<string, string> = {}): Promise<Settings> {
  const [port, devApiPort, firestorePort, authPort] = await Promise.all(
    Array.from({ length: 4 }, () => findFreePort()),
  );
  return parseSettings({
    PORT: String(port),
    DEV_API_PORT: String(devApiPort),
    FIRESTORE_EMULATOR_PORT: String(firestorePort),
    AUTH_EMULATOR_PORT: String(authPort),
    ...overrides,
  });
}

export function makeTempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `wyrmcrown-${prefix}-`));
}
