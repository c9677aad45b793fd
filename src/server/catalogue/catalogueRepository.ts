import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { CATALOGUE_DOCS, COLLECTIONS } from '../../shared/firestorePaths';
import type { CatalogueVersionEntry } from '../../shared/api';
import type { CatalogueDraftForm } from '../../shared/validation/catalogue';
import { commitIfUnchanged } from '../firebase/commitIfUnchanged';
import {
  draftOf,
  planDraftSave,
  planPublish,
  planRestore,
  STARTING_RECORD,
  type CatalogueChangeRefusal,
  type DraftRecord,
  type PublishedRecord,
} from './catalogueRules';

/** Both documents as one change left them, or why the change was refused (nothing written). */
export type CatalogueOutcome = { refused: CatalogueChangeRefusal } | { published: PublishedRecord; draft: DraftRecord };

/** What a change is made by and when. */
export interface CatalogueChange {
  staff: string;
  now: number;
  timeZone: string;
}

/** The catalogue in Firestore: written only by the API, each change one guarded commit (commitIfUnchanged). */
export interface CatalogueRepository {
  /** The published catalogue; the starting one while nothing was published. */
  published(): Promise<PublishedRecord>;
  /** The published catalogue and the draft (the published packs while no draft was saved). */
  both(): Promise<{ published: PublishedRecord; draft: DraftRecord }>;
  saveDraft(form: CatalogueDraftForm, change: CatalogueChange): Promise<CatalogueOutcome>;
  /** Publishes the draft as the next version, with its audit entry (catalogue_versions), if `seen` is still current. */
  publish(seen: { version: number; revision: number }, change: CatalogueChange): Promise<CatalogueOutcome>;
  /** Puts a published version's packs in the draft. */
  restore(version: number, revision: number, change: CatalogueChange): Promise<CatalogueOutcome>;
  /** The published versions, newest first (the audit log). */
  history(limit: number): Promise<CatalogueVersionEntry[]>;
}

const publishedOf = (snapshot: DocumentSnapshot): PublishedRecord => (snapshot.exists ? (snapshot.data() as PublishedRecord) : STARTING_RECORD);
const draftFrom = (snapshot: DocumentSnapshot, published: PublishedRecord): DraftRecord => (snapshot.exists ? (snapshot.data() as DraftRecord) : draftOf(published));
const entryOf = ({ version, publishedAt, publishedBy, changes }: PublishedRecord): CatalogueVersionEntry => ({ version, publishedAt, publishedBy, changes });

export function firestoreCatalogue(db: Firestore): CatalogueRepository {
  const publishedRef = db.collection(COLLECTIONS.catalogue).doc(CATALOGUE_DOCS.published);
  const draftRef = db.collection(COLLECTIONS.catalogue).doc(CATALOGUE_DOCS.draft);
  const versions = db.collection(COLLECTIONS.catalogueVersions);

  /** A change to the draft alone, guarded by both documents' reading. */
  const changeDraft = (plan: (draft: DraftRecord, published: PublishedRecord) => { refused: CatalogueChangeRefusal } | { draft: DraftRecord }) =>
    commitIfUnchanged<CatalogueOutcome>(db, [publishedRef, draftRef], async ([publishedSnapshot, draftSnapshot]) => {
      const published = publishedOf(publishedSnapshot!);
      const planned = plan(draftFrom(draftSnapshot!, published), published);
      if ('refused' in planned) return { result: planned };
      return {
        result: { published, draft: planned.draft },
        writes: (batch, guard) => (draftSnapshot!.exists ? batch.update(draftRef, { ...planned.draft }, guard(draftSnapshot!)) : batch.create(draftRef, planned.draft)),
      };
    });

  const readVersion = async (version: number): Promise<PublishedRecord | null> => {
    const snapshot = await versions.doc(String(version)).get();
    if (snapshot.exists) return snapshot.data() as PublishedRecord;
    return version === STARTING_RECORD.version ? STARTING_RECORD : null;
  };

  return {
    async published() {
      return publishedOf(await publishedRef.get());
    },

    async both() {
      const [publishedSnapshot, draftSnapshot] = await db.getAll(publishedRef, draftRef);
      const published = publishedOf(publishedSnapshot!);
      return { published, draft: draftFrom(draftSnapshot!, published) };
    },

    saveDraft(form, { staff, now, timeZone }) {
      return changeDraft((draft, published) => planDraftSave(draft, published, form, staff, now, timeZone));
    },

    async restore(version, revision, { staff, now }) {
      const restored = await readVersion(version);
      if (!restored) return { refused: 'unknownVersion' };
      return changeDraft((draft) => planRestore(draft, restored, revision, staff, now));
    },

    publish(seen, { staff, now, timeZone }) {
      return commitIfUnchanged<CatalogueOutcome>(db, [publishedRef, draftRef], ([publishedSnapshot, draftSnapshot]) => {
        const current = publishedOf(publishedSnapshot!);
        const draft = draftFrom(draftSnapshot!, current);
        const planned = planPublish(current, draft, seen, staff, now, timeZone);
        if ('refused' in planned) return { result: planned };
        const { published } = planned;
        return {
          result: { published, draft },
          writes: (batch, guard) => {
            if (publishedSnapshot!.exists) batch.update(publishedRef, { ...published }, guard(publishedSnapshot!));
            else batch.create(publishedRef, published);
            // The draft is guarded too: a save between reading it and publishing is published only once seen.
            if (draftSnapshot!.exists) batch.update(draftRef, { publishedVersion: published.version }, guard(draftSnapshot!));
            else batch.create(draftRef, { ...draft, publishedVersion: published.version });
            // Created once: a version's audit entry can never be written twice.
            batch.create(versions.doc(String(published.version)), published);
          },
        };
      });
    },

    async history(limit) {
      const stored = (await versions.orderBy('version', 'desc').limit(limit).get()).docs.map((doc) => entryOf(doc.data() as PublishedRecord));
      const startingStored = stored.some((entry) => entry.version === STARTING_RECORD.version);
      return startingStored || stored.length >= limit ? stored : [...stored, entryOf(STARTING_RECORD)];
    },
  };
}
