import crypto from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { DEFAULT_LINKOUT, type LinkoutAuditEntry, type LinkoutSetting } from '../../shared/linkout';

/** store_settings/linkout, and its audit trail. */
const LINKOUT_SETTING = 'linkout';
const AUDIT = 'audit';

export interface LinkoutRepository {
  /** The setting in force, read again at most every `cacheMs` by this instance. */
  current(now?: number): Promise<LinkoutSetting>;
  /** Saves a new setting as `by`, with its audit entry, in one commit; this instance answers from it at once. */
  save(allowed: LinkoutSetting['allowed'], by: string, at: number): Promise<LinkoutSetting>;
  audit(): Promise<LinkoutAuditEntry[]>;
}

/** `cacheMs` (LINKOUT_CACHE_MS): how long an instance answers from the setting it read. */
export function firestoreLinkout(db: Firestore, cacheMs: number): LinkoutRepository {
  const ref = db.collection(COLLECTIONS.storeSettings).doc(LINKOUT_SETTING);
  let cached: { setting: LinkoutSetting; readAt: number } | null = null;
  const read = async () => ((await ref.get()).data() as LinkoutSetting | undefined) ?? DEFAULT_LINKOUT;
  return {
    async current(now = Date.now()) {
      if (!cached || now - cached.readAt >= cacheMs) cached = { setting: await read(), readAt: now };
      return cached.setting;
    },
    async save(allowed, by, at) {
      const before = await read();
      const after: LinkoutSetting = { allowed, updatedAt: at, updatedBy: by };
      const batch = db.batch();
      batch.set(ref, after);
      batch.create(ref.collection(AUDIT).doc(`${at}-${crypto.randomBytes(4).toString('hex')}`), { at, by, before: before.allowed, after: allowed } satisfies LinkoutAuditEntry);
      await batch.commit();
      cached = { setting: after, readAt: at };
      return after;
    },
    async audit() {
      return (await ref.collection(AUDIT).orderBy('at', 'desc').limit(50).get()).docs.map((doc) => doc.data() as LinkoutAuditEntry);
    },
  };
}
