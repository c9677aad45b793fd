/** Per-route facts the layout reads through useMatches(). */
export interface RouteHandle {
  /** The page animates in and out (spec: the landing page). */
  animated?: boolean;
}
