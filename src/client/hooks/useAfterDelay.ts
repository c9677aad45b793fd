import { useEffect, useState } from 'react';

/**
 * True once `active` has held for `delayMs`, false again as soon as it stops: for a spinner shown only for a
 * wait long enough to notice, so a quick answer never flashes one and a page does not open with an animation
 * running (payment success's spinner, turning from its first frame, cost it 200-300 ms of blocking time in
 * Lighthouse runs).
 */
export function useAfterDelay(active: boolean, delayMs: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => setElapsed(true), delayMs);
    return () => {
      clearTimeout(timer);
      setElapsed(false);
    };
  }, [active, delayMs]);
  return active && elapsed;
}
