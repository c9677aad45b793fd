import { sharedStackSettings } from './stackSettings';

/** Writes users/{uid}.gemCount straight into the Firestore emulator, as the payments API would. */
export async function setGemCount(uid: string, gemCount: number): Promise<void> {
  const settings = sharedStackSettings();
  const url =
    `http://${settings.EMULATOR_HOST}:${settings.FIRESTORE_EMULATOR_PORT}/v1/projects/` +
    `${settings.FIREBASE_PROJECT_ID}/databases/(default)/documents/users/${uid}`;
  const response = await fetch(url, {
    method: 'PATCH',
    // The emulator's owner token bypasses the security rules, like firebase-admin.
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ fields: { gemCount: { integerValue: String(gemCount) } } }),
  });
  if (!response.ok) throw new Error(`Could not set the gem count: ${response.status} ${await response.text()}`);
}

let counter = 0;

/** An email no other test run has used. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now()}-${counter}@wyrmcrown.example`;
}
