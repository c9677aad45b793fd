/**
 * jsdom has no Worker and swc's CommonJS has no import.meta, so unit tests get this in place of
 * src/client/lib/firebase/startFirebaseWorker.ts. Sagas reach Firebase through call(), which their tests
 * provide; a test that starts the worker has reached Firebase by mistake.
 */
export function startFirebaseWorker(): never {
  throw new Error('A unit test reached the Firebase worker: provide the call that needs it instead.');
}
