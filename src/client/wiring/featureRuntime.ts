import type { Saga } from 'redux-saga';

/**
 * Features whose state and sagas load with their pages: a page's module names its sagas, and the route
 * that loads it starts them (once per store) before the page renders, so no action of the page is missed.
 * The store registers how it starts sagas when it is made (the browser has one store; each test its own).
 */
let startSagas: (sagas: readonly Saga[]) => Promise<void> = async () => undefined;

export function setFeatureSagaStarter(start: (sagas: readonly Saga[]) => Promise<void>): void {
  startSagas = start;
}

/** Resolves once the sagas run (the first call also loads redux-saga itself). */
export function startFeatureSagas(sagas: readonly Saga[]): Promise<void> {
  return startSagas(sagas);
}
