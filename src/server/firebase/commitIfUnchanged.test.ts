import type { DocumentReference, DocumentSnapshot, Firestore, WriteBatch } from 'firebase-admin/firestore';
import { commitIfUnchanged, ContentionError, retryDelay } from './commitIfUnchanged';

/** A database of one document whose commits fail with the given codes, in turn, before they succeed. */
function fakeDb(failures: number[]) {
  let version = 1;
  const reads: number[] = [];
  const commits: Array<Record<string, unknown>> = [];
  const ref = { path: 'transactions/A' } as DocumentReference;
  const db = {
    async getAll() {
      reads.push(version);
      const updateTime = { version } as unknown as DocumentSnapshot['updateTime'];
      return [{ exists: true, ref, updateTime, data: () => ({ version }) } as unknown as DocumentSnapshot];
    },
    batch() {
      const writes: Record<string, unknown> = {};
      return {
        update(_ref: unknown, data: Record<string, unknown>, precondition: unknown) {
          Object.assign(writes, data, { precondition });
        },
        async commit() {
          const code = failures.shift();
          if (code !== undefined) {
            version += 1; // another writer got there first
            throw Object.assign(new Error('lost'), { code });
          }
          commits.push(writes);
        },
      } as unknown as WriteBatch;
    },
  } as unknown as Firestore;
  return { db, ref, reads, commits };
}

const noWait = { firstDelayMs: 0 };

describe('commitIfUnchanged', () => {
  it('answers from the read alone when the decision writes nothing', async () => {
    const { db, ref, reads, commits } = fakeDb([]);
    await expect(commitIfUnchanged(db, [ref], () => ({ result: 'unchanged' }), noWait)).resolves.toBe('unchanged');
    expect(reads).toEqual([1]);
    expect(commits).toEqual([]);
  });

  it('guards each update with the version it read', async () => {
    const { db, ref, commits } = fakeDb([]);
    await commitIfUnchanged(db, [ref], ([snapshot]) => ({ result: 1, writes: (batch, guard) => batch.update(ref, { n: 1 }, guard(snapshot!)) }), noWait);
    expect(commits).toEqual([{ n: 1, precondition: { lastUpdateTime: { version: 1 } } }]);
  });

  it('reads and decides again after losing a race, and commits against the new version', async () => {
    const { db, ref, reads, commits } = fakeDb([9, 10]);
    const decided = await commitIfUnchanged(
      db,
      [ref],
      ([snapshot]) => ({ result: (snapshot!.data() as { version: number }).version, writes: (batch, guard) => batch.update(ref, { n: 1 }, guard(snapshot!)) }),
      noWait,
    );
    expect(reads).toEqual([1, 2, 3]);
    expect(decided).toBe(3);
    expect(commits).toEqual([{ n: 1, precondition: { lastUpdateTime: { version: 3 } } }]);
  });

  it('gives up with ContentionError after the last attempt', async () => {
    const { db, ref, commits } = fakeDb([9, 9, 9]);
    const attempt = commitIfUnchanged(db, [ref], ([snapshot]) => ({ result: 1, writes: (batch, guard) => batch.update(ref, {}, guard(snapshot!)) }), {
      ...noWait,
      attempts: 3,
    });
    await expect(attempt).rejects.toBeInstanceOf(ContentionError);
    expect(commits).toEqual([]);
  });

  it('throws any other failure at once', async () => {
    const { db, ref, reads } = fakeDb([14]);
    const attempt = commitIfUnchanged(db, [ref], ([snapshot]) => ({ result: 1, writes: (batch, guard) => batch.update(ref, {}, guard(snapshot!)) }), noWait);
    await expect(attempt).rejects.toMatchObject({ code: 14 });
    expect(reads).toEqual([1]);
  });
});

describe('retryDelay', () => {
  it('doubles from the first delay, jittered between half and one and a half of it', () => {
    expect([0, 1, 2].map((attempt) => retryDelay(attempt, 10, () => 0))).toEqual([5, 10, 20]);
    expect([0, 1, 2].map((attempt) => retryDelay(attempt, 10, () => 1))).toEqual([15, 30, 60]);
  });
});
