import type { Settings } from '../../src/server/config/settings';

/** A document as Firestore's REST API gives it: its fields in their typed form. */
export interface RestDocument {
  fields?: Record<string, { integerValue?: string; stringValue?: string }>;
}

/**
 * The Firestore emulator's REST API as its owner (rules do not apply), for tools that count what a run left without an
 * Admin SDK of their own (which would take the process's FIRESTORE_EMULATOR_HOST): one document, or how many documents
 * of a collection under a parent have a field equal to a value.
 */
export function emulatorRest(settings: Pick<Settings, 'EMULATOR_HOST' | 'FIRESTORE_EMULATOR_PORT' | 'FIREBASE_PROJECT_ID'>) {
  const documents = `http://${settings.EMULATOR_HOST}:${settings.FIRESTORE_EMULATOR_PORT}/v1/projects/${settings.FIREBASE_PROJECT_ID}/databases/(default)/documents`;
  const owner = { Authorization: 'Bearer owner' };
  return {
    async read(path: string): Promise<RestDocument> {
      return (await fetch(`${documents}/${path}`, { headers: owner })).json() as Promise<RestDocument>;
    },
    /** `parent` '' for a top-level collection. */
    async countWhere(parent: string, collection: string, field: string, value: string): Promise<number> {
      const response = await fetch(`${documents}${parent ? `/${parent}` : ''}:runQuery`, {
        method: 'POST',
        headers: { ...owner, 'Content-Type': 'application/json' },
        body: JSON.stringify({ structuredQuery: { from: [{ collectionId: collection }], where: { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue: value } } } } }),
      });
      return ((await response.json()) as Array<{ document?: unknown }>).filter((entry) => entry.document).length;
    },
  };
}
