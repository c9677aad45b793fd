import { lazy, Suspense } from 'react';
import { startFeatureSagas } from '../../../wiring/featureRuntime';

/** Loads the game's chunk (its sign-in screen, the confirmation for personal data, their saga) and starts its saga before either renders, so none of its actions is missed. Once. */
let loading: Promise<typeof import('../gameSignIn')> | null = null;
function loadGameChunk() {
  loading ??= import(/* webpackChunkName: "game-sign-in" */ '../gameSignIn').then(async (chunk) => {
    await startFeatureSagas([chunk.gameSignInWatcher]);
    return chunk;
  });
  return loading;
}

/** The game's sign-in screen, loaded (usually ahead: the sign-in page asks for it once idle). */
export const loadGameSignIn = () => loadGameChunk().then(({ GameSignIn }) => GameSignIn);

/** The game's sign-in view: its chunk is usually loaded already (see loadGameSignIn), else it suspends briefly. */
export const LazyGameSignIn = lazy(() => loadGameChunk().then(({ GameSignIn }) => ({ default: GameSignIn })));

const LazyConfirm = lazy(() => loadGameChunk().then(({ ConfirmInGame }) => ({ default: ConfirmInGame })));

/** "Confirm in the Game" for a store session's personal data, from the same chunk; nothing shows while it loads. */
export function LazyConfirmInGame() {
  return (
    <Suspense fallback={null}>
      <LazyConfirm />
    </Suspense>
  );
}
