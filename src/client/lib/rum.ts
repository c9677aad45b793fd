import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { NOT_FOUND_PAGE, routeOf } from '../../shared/routes';
import { RUM_BEACON_PATH, type DeviceClass, type RumBeacon, type RumMetric } from '../../shared/rum';
import { takeFunnel } from './funnel';

/** A touch screen, or anything else: all the beacon says of the device. */
const deviceClass = (): DeviceClass => (matchMedia('(pointer:coarse)').matches ? 'phone' : 'desktop');

/**
 * Field speed from this visit (docs/operations.md, Players' page speed): the Core Web Vitals of the page it landed on,
 * as web-vitals reports them, sent with the funnel steps in one beacon (navigator.sendBeacon) each time the page is
 * hidden, each vital once. Loaded after the first paint with the app, so nothing of it comes before that paint.
 */
export function startRum(): void {
  const page = routeOf(window.location.pathname) ?? NOT_FOUND_PAGE;
  const device = deviceClass();
  const latest = new Map<RumMetric, number>();
  const note = (metric: Metric) => latest.set(metric.name as RumMetric, metric.value);
  for (const observe of [onLCP, onINP, onCLS, onFCP, onTTFB]) observe(note);
  const send = () => {
    const beacon: RumBeacon = { page, device, metrics: [...latest].map(([name, value]) => ({ name, value: Math.round(value * 10_000) / 10_000 })), funnel: takeFunnel() };
    latest.clear();
    if (beacon.metrics.length === 0 && beacon.funnel.length === 0) return;
    navigator.sendBeacon(RUM_BEACON_PATH, new Blob([JSON.stringify(beacon)], { type: 'application/json' }));
  };
  // After web-vitals' own listeners, which report the page's vitals as it is hidden.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
}
