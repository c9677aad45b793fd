import './zodConfig';
import { z } from 'zod';
import { NOT_FOUND_PAGE, RECEIPT_ROUTE, ROUTES, SUPPORT_ORDER_ROUTE } from '../routes';
import { SALE_SOURCES } from '../saleSource';
import { DEVICE_CLASSES, FUNNEL_EVENTS, RUM_MAX_VALUE, RUM_METRICS, type RumBeacon } from '../rum';

/** The pages a beacon may name: the store's routes, never an address with an id in it. */
export const RUM_PAGES: readonly string[] = [...Object.values(ROUTES), RECEIPT_ROUTE, SUPPORT_ORDER_ROUTE, NOT_FOUND_PAGE];

/** A beacon as the API takes it: known names only, values in range, a handful of each; anything else is a 400 that stores nothing. */
export const rumBeaconSchema: z.ZodType<RumBeacon> = z.strictObject({
  page: z.string().refine((page) => RUM_PAGES.includes(page), 'not a page of the store'),
  device: z.enum(DEVICE_CLASSES),
  metrics: z
    .array(
      z.strictObject({ name: z.enum(RUM_METRICS), value: z.number().finite().min(0) }).refine((metric) => metric.value <= RUM_MAX_VALUE[metric.name], 'value out of range'),
    )
    .max(RUM_METRICS.length)
    .refine((metrics) => new Set(metrics.map((metric) => metric.name)).size === metrics.length, 'each metric once'),
  funnel: z.array(z.enum(FUNNEL_EVENTS)).max(20),
  source: z.enum(SALE_SOURCES).optional(),
});
