import type { FunnelEvent } from '../../shared/rum';

/**
 * The store's own funnel steps (a shop visit, Buy, Submit), kept here until the next beacon takes them
 * (lib/rum, after the page is hidden): counted per day on the server, never tied to a player.
 */
const queued: FunnelEvent[] = [];

export function noteFunnel(event: FunnelEvent): void {
  if (queued.length < 20) queued.push(event);
}

/** The steps noted since the last beacon, which then starts a new list. */
export function takeFunnel(): FunnelEvent[] {
  return queued.splice(0);
}
