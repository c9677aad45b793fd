import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { NOT_FOUND_PAGE, routeOf } from '../../shared/routes';
import { RUM_BEACON_PATH, type DeviceClass, type RumBeacon, type RumMetric } from '../../shared/rum';
import { takeFunnel } from './funnel';
import { visitSource } from './visitSource';

/** A touch screen, or anything else: all the beacon says of the device. */
const deviceClass = (): DeviceClass => (matchMedia('(pointer:coarse)').matches ? 'phone' : 'desktop');

/**
 * Field speed from this visit (docs/operations.md, Players' page speed): the Core Web Vitals of the page it landed on,
 * as web-vitals reports them, sent with the funnel steps in one beacon (navigator.sendBeacon) each time the page is
 * hidden or left, each vital once a visit. Loaded after the first paint with the app, so nothing of it comes before that paint.
 */
export function startRum(): void {
  const page = routeOf(location.pathname) ?? NOT_FOUND_PAGE;
  const device = deviceClass();
  const latest = new Map<RumMetric, number>();
  const sent = new Set<RumMetric>();
  const note = (metric: Metric) => latest.set(metric.name as RumMetric, metric.value);
  for (const observe of [onLCP, onCLS, onFCP, onTTFB]) observe(note);
  // INP as each interaction is judged: web-vitals settles it only after the page is hidden, too late for a beacon sent as the page goes.
  onINP(note, { reportAllChanges: true });
  const send = () => {
    const metrics = [...latest].filter(([name]) => !sent.has(name)).map(([name, value]) => ({ name, value: Math.round(value * 10_000) / 10_000 }));
    const beacon: RumBeacon = { page, device, metrics, funnel: takeFunnel(), source: visitSource().last.source };
    for (const { name } of metrics) sent.add(name);
    if (metrics.length > 0 || beacon.funnel.length > 0) navigator.sendBeacon(RUM_BEACON_PATH, new Blob([JSON.stringify(beacon)], { type: 'application/json' }));
  };
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && send());
  addEventListener('pagehide', send);
}
