/** The time as a service reads it: the machine's, or (tests only, TEST_CLOCK_CONTROL) moved by an offset. */
export interface Clock {
  now(): number;
}

export interface MovableClock extends Clock {
  /** Moves the clock `offsetMs` from the machine's (0: back to it). */
  moveTo(offsetMs: number): void;
  offsetMs(): number;
}

/** The machine's clock, moved by the offset last set (none at first). */
export function movableClock(machineNow: () => number = Date.now): MovableClock {
  let offset = 0;
  return {
    now: () => machineNow() + offset,
    moveTo: (offsetMs) => {
      offset = offsetMs;
    },
    offsetMs: () => offset,
  };
}
