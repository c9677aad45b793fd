import { lazy } from 'react';
import { startFeatureSagas } from '../../../app/featureRuntime';
import type { AuthViewProps } from './authView';

/** Loads the game's sign-in screen and starts its saga before it renders, so none of its actions is missed. Once. */
let loading: Promise<(props: AuthViewProps) => React.JSX.Element> | null = null;
export function loadGameSignIn() {
  loading ??= import(/* webpackChunkName: "game-sign-in" */ '../gameSignIn').then(async ({ GameSignIn, gameSignInWatcher }) => {
    await startFeatureSagas([gameSignInWatcher]);
    return GameSignIn;
  });
  return loading;
}

/** The game's sign-in view: its chunk is usually loaded already (see loadGameSignIn), else it suspends briefly. */
export const LazyGameSignIn = lazy(() => loadGameSignIn().then((GameSignIn) => ({ default: GameSignIn })));
