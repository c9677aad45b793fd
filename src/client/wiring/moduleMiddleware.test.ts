import { configureStore, createSlice, type Middleware } from '@reduxjs/toolkit';
import { addModuleMiddleware, moduleMiddleware } from './moduleMiddleware';

const counter = createSlice({ name: 'counter', initialState: 0, reducers: { added: (state) => state + 1 } });
const makeStore = () => configureStore({ reducer: counter.reducer, middleware: (getDefault) => getDefault().concat(moduleMiddleware) });

describe('module middleware', () => {
  it('joins every store, those made before it came too, each applying it once, and keeps its state per store', () => {
    const early = makeStore();
    const applied: number[] = [];
    const seen: string[] = [];
    let stores = 0;
    const counting: Middleware = () => {
      const store = (stores += 1);
      applied.push(store);
      return (next) => (action) => {
        seen.push(`${store}:${(action as { type: string }).type}`);
        return next(action);
      };
    };
    addModuleMiddleware(counting);
    addModuleMiddleware(counting);
    const late = makeStore();
    early.dispatch(counter.actions.added());
    early.dispatch(counter.actions.added());
    late.dispatch(counter.actions.added());
    expect(applied).toEqual([1, 2]);
    expect(seen).toEqual(['1:counter/added', '1:counter/added', '2:counter/added']);
    expect([early.getState(), late.getState()]).toEqual([2, 1]);
  });
});
