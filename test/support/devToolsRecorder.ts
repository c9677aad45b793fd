import type { Page } from 'playwright-core';

/**
 * Stands in for the Redux DevTools browser extension: the store finds it where it looks for the real one
 * (window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__) and, like the extension, records every action that
 * reaches the root reducer with the state after it, applying the store's own sanitizers for the export.
 */
export interface RecordedStep {
  action: { type: string; [key: string]: unknown };
  state: unknown;
}

/** The lifted state Redux DevTools exports (and imports): actions by id and the state after each. */
export interface DevToolsExport {
  actionsById: Record<string, { type: 'PERFORM_ACTION'; action: { type: string }; timestamp: number }>;
  computedStates: Array<{ state: unknown }>;
  currentStateIndex: number;
  nextActionId: number;
  skippedActionIds: number[];
  stagedActionIds: number[];
}

export interface DevToolsRecording {
  /** What reached the reducer, unsanitised: a test searches it for secrets. */
  rawLog: RecordedStep[];
  /** What the DevTools would export: sanitised by the store's own actionSanitizer and stateSanitizer. */
  exported: DevToolsExport;
}

declare global {
  interface Window {
    __devToolsRecording?: { raw: RecordedStep[]; sanitized: RecordedStep[]; connected: boolean };
  }
}

export async function installDevToolsRecorder(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Options = {
      actionSanitizer?: (action: unknown, id: number) => unknown;
      stateSanitizer?: (state: unknown, index: number) => unknown;
    };
    const log = { raw: [] as RecordedStep[], sanitized: [] as RecordedStep[], connected: false };
    window.__devToolsRecording = log;
    const copy = (value: unknown) => JSON.parse(JSON.stringify(value ?? null));
    (window as unknown as Record<string, unknown>).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ =
      (options: Options) =>
      (...enhancers: Array<(next: unknown) => unknown>) =>
      (createStore: (...args: unknown[]) => unknown) =>
      (reducer: (state: unknown, action: { type: string }) => unknown, preloaded: unknown) => {
        log.connected = true;
        const recording = (state: unknown, action: { type: string }) => {
          const next = reducer(state, action);
          const index = log.raw.length;
          log.raw.push({ action: copy(action), state: copy(next) });
          log.sanitized.push({
            action: copy(options.actionSanitizer ? options.actionSanitizer(action, index) : action),
            state: copy(options.stateSanitizer ? options.stateSanitizer(next, index) : next),
          });
          return next;
        };
        const enhance = enhancers.reduceRight<unknown>((next, enhancer) => enhancer(next), createStore) as (
          ...args: unknown[]
        ) => unknown;
        return enhance(recording, preloaded);
      };
  });
}

export async function readDevToolsRecording(page: Page): Promise<DevToolsRecording> {
  const log = await page.evaluate(() => window.__devToolsRecording);
  if (!log?.connected) throw new Error('The store did not connect to Redux DevTools.');
  const steps = log.sanitized;
  const start = Date.now();
  return {
    rawLog: log.raw,
    exported: {
      actionsById: Object.fromEntries(
        steps.map((step, id) => [String(id), { type: 'PERFORM_ACTION' as const, action: step.action, timestamp: start + id }]),
      ),
      computedStates: steps.map((step) => ({ state: step.state })),
      currentStateIndex: steps.length - 1,
      nextActionId: steps.length,
      skippedActionIds: [],
      stagedActionIds: steps.map((_step, id) => id),
    },
  };
}
