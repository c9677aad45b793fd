import crypto from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import type { Creator, CreatorAuditEntry } from '../../shared/creators';

/** The creators' codes (creators/{code}) and their audit trail (creator_changes). Firestore in the store; a map in unit tests. */
export interface CreatorsRepository {
  find(code: string): Promise<Creator | null>;
  list(): Promise<Creator[]>;
  /** Stores the creator with its audit entry, in one commit. */
  save(before: Creator | null, after: Creator, at: number): Promise<void>;
  audit(): Promise<CreatorAuditEntry[]>;
}

export function firestoreCreators(db: Firestore): CreatorsRepository {
  const creators = db.collection(COLLECTIONS.creators);
  return {
    async find(code) {
      return ((await creators.doc(code).get()).data() as Creator | undefined) ?? null;
    },
    async list() {
      return (await creators.orderBy('code').limit(500).get()).docs.map((doc) => doc.data() as Creator);
    },
    async save(before, after, at) {
      const batch = db.batch();
      batch.set(creators.doc(after.code), after);
      batch.create(db.collection(COLLECTIONS.creatorChanges).doc(`${at}-${crypto.randomBytes(4).toString('hex')}`), { at, by: after.updatedBy, before, after } satisfies CreatorAuditEntry);
      await batch.commit();
    },
    async audit() {
      return (await db.collection(COLLECTIONS.creatorChanges).orderBy('at', 'desc').limit(100).get()).docs.map((doc) => doc.data() as CreatorAuditEntry);
    },
  };
}
