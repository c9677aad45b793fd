import { configureStore, createSlice, type Middleware } from '@reduxjs/toolkit';
import { lateMiddleware } from './lateMiddleware';

const counter = createSlice({ name: 'counter', initialState: 0, reducers: { added: (state) => state + 1 } });

describe('a late middleware slot', () => {
  it('passes actions straight through until a middleware is installed, then through it, in its place in the chain', () => {
    const slot = lateMiddleware();
    const seen: string[] = [];
    const after: Middleware = () => (next) => (action) => {
      seen.push(`after:${(action as { type: string }).type}`);
      return next(action);
    };
    const store = configureStore({ reducer: counter.reducer, middleware: (getDefault) => getDefault().concat(slot.middleware, after) });

    store.dispatch(counter.actions.added());
    expect(seen).toEqual(['after:counter/added']);

    slot.install((api) => (next) => (action) => {
      seen.push(`late:${(action as { type: string }).type} at ${String(api.getState())}`);
      return next(action);
    });
    store.dispatch(counter.actions.added());
    expect(seen).toEqual(['after:counter/added', 'late:counter/added at 1', 'after:counter/added']);
    expect(store.getState()).toBe(2);
  });

  it('refuses a middleware before its store is made', () => {
    expect(() => lateMiddleware().install(() => (next) => next)).toThrow('The store is not made yet.');
  });
});
