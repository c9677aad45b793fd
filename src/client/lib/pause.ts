/** Waits `ms`: sagas reach it through call(pause, ms), so tests can provide it and not wait. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, ms);
  });
}
