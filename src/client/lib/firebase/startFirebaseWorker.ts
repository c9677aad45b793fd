/**
 * Starts the Firebase worker. webpack sees `new Worker(new URL(…, import.meta.url))` and builds the worker as a
 * chunk of its own; this is the one place the page names it. (The build-time renderer and jsdom have no
 * workers: jest maps this module to test/support/noFirebaseWorker.ts.)
 */
export function startFirebaseWorker(): Worker {
  return new Worker(/* webpackChunkName: "firebase-worker" */ new URL('./firebase.worker.ts', import.meta.url), {
    name: 'firebase',
  });
}
