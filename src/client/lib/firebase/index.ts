import type { PublicConfig } from '../../../shared/publicConfig';
import type { FirebaseCallName, FirebaseCalls, FirebaseFailure, FirebaseListens, FromWorker, ListenEvent, ToWorker } from './protocol';
import { whenPageIsIdle } from '../whenPageIsIdle';
import { startFirebaseWorker } from './startFirebaseWorker';
import { firebaseConfig } from './firebaseConfig';
import { forgetIdToken, holdIdToken, tokenAsked } from './heldIdToken';

export { idTokenNow } from './heldIdToken';

export type { FirebaseUser, ListenEvent, QuerySpec } from './protocol';

/**
 * Firebase for the page: Auth and Firestore run in a worker (./firebase.worker.ts), started when a flow
 * first needs them (never on an anonymous visitor's first load) and the page is idle, pointed at the local
 * emulators when the server says so. The page only sends it plain requests and hears plain answers.
 */
let worker: Worker | null = null;
let nextId = 1;
const pendingCalls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
const listeners = new Map<number, (event: unknown) => void>();
/** The listens to the signed-in user: each of their events may change who the held token is for. */
const authStateListens = new Set<number>();

/** An SDK failure as the page sees it: an Error carrying the SDK's code (auth/wrong-password, …). */
export class FirebaseError extends Error {
  constructor(readonly code: string | undefined, message: string) {
    super(message);
    this.name = 'FirebaseError';
  }
}

const failureToError = (failure: FirebaseFailure) => new FirebaseError(failure.code, failure.message);

function receive(message: FromWorker): void {
  if (message.type === 'event') {
    if (authStateListens.has(message.id)) forgetIdToken();
    listeners.get(message.id)?.(message.event);
    return;
  }
  const pending = pendingCalls.get(message.id);
  if (!pending) return;
  pendingCalls.delete(message.id);
  if (message.type === 'result') pending.resolve(message.value);
  else pending.reject(failureToError(message.failure));
}

/** What the page asked of Firebase before the worker started, in order; null once it has (or before anything). */
let waiting: ToWorker[] | null = null;

function startWorker(publicConfig: PublicConfig): void {
  const asked = waiting ?? [];
  waiting = null;
  try {
    worker = startFirebaseWorker();
  } catch (error) {
    // No worker, no answers: every call asked meanwhile fails with the reason (a listen hears nothing, as when
    // the worker stops).
    for (const message of asked) if (message.type === 'call') receive({ type: 'failure', id: message.id, failure: { message: (error as Error).message } });
    return;
  }
  worker.addEventListener('message', (event: MessageEvent<FromWorker>) => receive(event.data));
  worker.postMessage({ type: 'configure', config: { firebase: publicConfig.firebase, emulators: publicConfig.emulators } } satisfies ToWorker);
  for (const message of asked) worker.postMessage(message);
}

function send(message: ToWorker): void {
  if (worker) {
    worker.postMessage(message);
    return;
  }
  const publicConfig = firebaseConfig();
  if (!publicConfig) throw new Error('Firebase is not configured.');
  if (waiting) {
    waiting.push(message);
    return;
  }
  // The worker's start (fetching and compiling the SDKs) takes as much CPU as the page's own start: begun at
  // once, the two share a phone's few cores, and the page's tasks take longer (docs/performance.md).
  waiting = [message];
  whenPageIsIdle(() => startWorker(publicConfig));
}

/** Asks the worker once; answers what the SDK answered, or throws a FirebaseError. */
export function callFirebase<K extends FirebaseCallName>(name: K, ...args: FirebaseCalls[K]['args']): Promise<FirebaseCalls[K]['result']> {
  // Every call but the token's may sign someone in or out.
  if (name !== 'idToken') forgetIdToken();
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pendingCalls.set(id, { resolve: resolve as (value: unknown) => void, reject });
    try {
      send({ type: 'call', id, name, args } as ToWorker);
    } catch (error) {
      pendingCalls.delete(id);
      reject(error as Error);
    }
  });
}

/** Hears every change of `target` until the answered function is called. */
export function listenToFirebase<K extends keyof FirebaseListens>(
  target: FirebaseListens[K]['target'],
  onEvent: (event: ListenEvent<K>) => void,
): () => void {
  const id = nextId++;
  listeners.set(id, onEvent as (event: unknown) => void);
  if (target.kind === 'authState') authStateListens.add(id);
  try {
    send({ type: 'listen', id, target });
  } catch (error) {
    listeners.delete(id);
    throw error;
  }
  return () => {
    authStateListens.delete(id);
    if (!listeners.delete(id)) return;
    send({ type: 'unlisten', id });
  };
}

/**
 * The signed-in player's ID token (refreshed by the SDK when it is old, or now when `fresh`, e.g. to carry a
 * role granted since), or null when nobody is signed in.
 */
export function currentIdToken(fresh = false): Promise<string | null> {
  const asked = tokenAsked();
  return callFirebase('idToken', fresh).then((token) => {
    holdIdToken(asked, token);
    return token;
  });
}
