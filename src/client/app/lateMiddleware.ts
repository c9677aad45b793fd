import type { Middleware } from '@reduxjs/toolkit';

/**
 * A place in a store's middleware chain for a middleware that arrives after the store is made (redux-saga's,
 * loaded when the first flow needs it). Until then, actions pass straight through it.
 */
export function lateMiddleware(): { middleware: Middleware; install: (middleware: Middleware) => void } {
  let chain: { api: Parameters<Middleware>[0]; next: (action: unknown) => unknown } | null = null;
  let installed: ((action: unknown) => unknown) | null = null;
  return {
    middleware: (api) => (next) => {
      chain = { api, next };
      return (action) => (installed ?? next)(action);
    },
    install: (middleware) => {
      if (!chain) throw new Error('The store is not made yet.');
      installed = middleware(chain.api)(chain.next);
    },
  };
}
