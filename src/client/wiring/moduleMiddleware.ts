import type { Dispatch, Middleware, UnknownAction } from '@reduxjs/toolkit';

/**
 * Middleware that lazily loaded modules bring with them, the same for every store (RTK Query's, with the server API's
 * first endpoints): the module adds it as it loads, as its slice injects itself into rootReducer. Each store applies
 * each such middleware once (RTK Query's keeps its state per store), in the order they came. (RTK's
 * createDynamicMiddleware does this too, but brought 3 kB to every page's first load.)
 */
const added: Middleware[] = [];

export function addModuleMiddleware(middleware: Middleware): void {
  if (!added.includes(middleware)) added.push(middleware);
}

/** The store's place for the module middleware, in its chain. */
export const moduleMiddleware: Middleware = (api) => {
  const applied = new Map<Middleware, (next: Dispatch) => (action: unknown) => unknown>();
  return (next) => {
    let builtFor = -1;
    let through: (action: unknown) => unknown = next;
    return (action) => {
      if (builtFor !== added.length) {
        through = added.reduceRight<(action: unknown) => unknown>((inner, middleware) => {
          let withStore = applied.get(middleware);
          if (!withStore) {
            withStore = middleware(api) as (next: Dispatch) => (action: unknown) => unknown;
            applied.set(middleware, withStore);
          }
          return withStore(inner as Dispatch<UnknownAction>);
        }, next);
        builtFor = added.length;
      }
      return through(action);
    };
  };
};
