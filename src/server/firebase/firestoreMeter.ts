import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import { Firestore, Query, WriteBatch } from 'firebase-admin/firestore';

/**
 * The write meter (FIRESTORE_METER_FILE; off when empty): every commit this process makes is written down with the
 * paths of the documents it wrote, and every read with how many documents Firestore bills for it, one JSON line each
 * (`{"t":ms,"w":[paths]}`, `{"t":ms,"r":n}`). Firestore sustains about one write a second to a document and bills per
 * operation: `npm run scale`, `npm run bench` and the tests read these lines for the busiest shared document and the
 * cost of a purchase (scripts/meter/meterReport.ts).
 *
 * It hooks the SDK where every write and read passes (a batch's commit, which single writes and batches share; getAll,
 * which a document's get uses; a query's and a count's get), so no repository has to remember to count. Each line names
 * its origin, the request's route or the job (meteredAs), so a purchase's cost can be told from a beacon's.
 */
export interface MeterLine {
  /** When the operation completed (ms). */
  t: number;
  /** The documents a commit wrote. */
  w?: string[];
  /** The documents a read is billed for (a query that finds nothing is billed one; a count, one per 1,000 matches). */
  r?: number;
  /** What asked for it: a request's method and route ("POST /api/payments"), or "background" for a timer's pass. */
  o: string;
}

const origins = new AsyncLocalStorage<string>();

/** Runs `work` with the Firestore operations it makes put down to `origin`. */
export function meteredAs<T>(origin: string, work: () => T): T {
  return origins.run(origin, work);
}

/** A request's origin for the meter: its method and path, each id in it (a segment with a digit) as ":id". */
export const requestOrigin = (method: string, path: string) => `${method} ${path.replace(/\/[^/]*\d[^/]*/g, '/:id')}`;

interface Hookable {
  prototype: Record<string, unknown>;
}

let installed = false;

/** Starts writing the meter's lines to `file` (appended: several instances may share a folder, each its own file). */
export function installFirestoreMeter(file: string): void {
  if (installed) throw new Error('The Firestore meter is installed once a process.');
  installed = true;
  // Lines wait in memory and go to the file each second and at exit, in sync writes (an exit waits on no stream).
  let pending = '';
  const flush = () => {
    if (pending) fs.appendFileSync(file, pending);
    pending = '';
  };
  setInterval(flush, 1_000).unref();
  process.once('exit', flush);
  const note = (line: Omit<MeterLine, 'o'>) => {
    pending += `${JSON.stringify({ ...line, o: origins.getStore() ?? 'background' })}\n`;
  };

  // WriteBatch#_commit: batches, single writes (set, update, create, delete go through a one-write batch) and
  // transactions all commit through it. Only a commit that succeeded wrote anything.
  wrap(WriteBatch as unknown as Hookable, '_commit', function (this: unknown, result: Promise<unknown>) {
    const paths = (this as { _ops: Array<{ docPath: string }> })._ops.map((op) => op.docPath);
    return result.then((value) => {
      note({ t: Date.now(), w: paths });
      return value;
    });
  });
  wrap(Firestore as unknown as Hookable, 'getAll', function (result: Promise<unknown[]>) {
    return result.then((snapshots) => {
      note({ t: Date.now(), r: snapshots.length });
      return snapshots;
    });
  });
  wrap(Query as unknown as Hookable, 'get', function (result: Promise<{ size: number }>) {
    return result.then((snapshot) => {
      note({ t: Date.now(), r: Math.max(1, snapshot.size) });
      return snapshot;
    });
  });
  // A count's query class is not exported: hook the one Query#count makes.
  const countQuery = Object.getPrototypeOf(Query.prototype.count.call(new Firestore({ projectId: 'meter' }).collection('meter'))) as Record<string, unknown>;
  wrap({ prototype: countQuery }, 'get', function (result: Promise<{ data(): { count: number } }>) {
    return result.then((snapshot) => {
      note({ t: Date.now(), r: Math.max(1, Math.ceil(snapshot.data().count / 1000)) });
      return snapshot;
    });
  });
}

/** Replaces `owner.prototype[name]` with the original followed by `after(result)`, `this` kept. */
function wrap<T>(owner: Hookable, name: string, after: (this: unknown, result: T) => T): void {
  const original = owner.prototype[name];
  if (typeof original !== 'function') throw new Error(`The Firestore SDK has no ${name} to meter: was it updated?`);
  owner.prototype[name] = function metered(this: unknown, ...args: unknown[]) {
    return after.call(this, (original as (...parameters: unknown[]) => T).apply(this, args));
  };
}
