import crypto from 'node:crypto';
import express from 'express';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { API_ROUTES } from '../../shared/api';
import { DISPUTE_RATE_MARKS } from '../../shared/disputes/dispute';
import type { SupportHealth } from '../../shared/support/supportViews';
import type { OverviewDay } from '../../shared/stats';
import { HttpError } from '../http/errors';

/**
 * GET /api/metrics: the figures of support's health view in Prometheus's text format, read from Firestore
 * at each scrape (so every instance answers the same), and this process's own metrics. With METRICS_TOKEN
 * set, a scraper sends it as a bearer token; without, only this machine may ask (the socket's own address,
 * never X-Forwarded-For).
 */
export function metricsRouter(health: () => Promise<SupportHealth>, token: string, today: () => Promise<OverviewDay | null> = async () => null): express.Router {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'wyrmcrown_api_' });
  let reading: Promise<SupportHealth> | null = null;
  // One read of the figures per scrape, shared by every gauge.
  const figures = () => (reading ??= health().finally(() => setTimeout(() => (reading = null), 0)));

  new Gauge({
    name: 'wyrmcrown_orders_waiting_for_provider',
    help: 'Orders still waiting for the provider’s final answer, by how long ago they were placed.',
    labelNames: ['age'],
    registers: [registry],
    async collect() {
      const { pendingByAge } = await figures();
      this.set({ age: 'under_5m' }, pendingByAge.underFiveMinutes);
      this.set({ age: '5m_to_30m' }, pendingByAge.fiveToThirtyMinutes);
      this.set({ age: '30m_to_24h' }, pendingByAge.thirtyMinutesToADay);
      this.set({ age: 'over_24h' }, pendingByAge.overADay);
    },
  });
  const simple = (name: string, help: string, read: (figures: SupportHealth) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(read(await figures()));
      },
    });
  simple('wyrmcrown_callbacks_rejected_last_hour', 'Provider callbacks refused (bad signature, unknown order, wrong amount) in the last hour.', (f) => f.callbacksRejectedLastHour);
  simple('wyrmcrown_refunds_waiting', 'Refund requests waiting for a decision by support.', (f) => f.refundsWaiting);
  simple('wyrmcrown_emails_unsent', 'Emails owed and not yet sent, or given up on.', (f) => f.emailsUnsent);
  simple('wyrmcrown_disputes_open', 'Disputes (chargebacks) still with the banks.', (f) => f.disputes.open);
  simple('wyrmcrown_disputes_this_month', 'Disputes opened this month, in the store’s time zone.', (f) => f.disputes.month.disputes);
  simple('wyrmcrown_orders_paid_this_month', 'Orders paid this month: what the dispute rate is counted against.', (f) => f.disputes.month.paidOrders);
  simple('wyrmcrown_dispute_rate_this_month', 'Disputes opened this month per order paid this month.', (f) => f.disputes.month.rate);
  new Gauge({
    name: 'wyrmcrown_game_events_waiting',
    help: 'Events for the game’s server not yet taken: pending (being tried) and attention (left for support).',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const { delivery } = await figures();
      this.set({ status: 'pending' }, delivery.pending);
      this.set({ status: 'attention' }, delivery.attention);
    },
  });
  simple('wyrmcrown_game_events_oldest_undelivered_age_seconds', 'How long the oldest event not yet taken by the game’s server has waited (0: none).', (f) =>
    f.delivery.oldestUndeliveredAt === null ? 0 : Math.max(0, (Date.now() - f.delivery.oldestUndeliveredAt) / 1000),
  );
  new Gauge({
    name: 'wyrmcrown_dispute_rate_mark',
    help: 'The card schemes’ marks the dispute rate is read against: Visa’s monitoring (1.5 %) and Australia’s stronger checks (0.2 %).',
    labelNames: ['mark'],
    registers: [registry],
    collect() {
      this.set({ mark: 'monitoring' }, DISPUTE_RATE_MARKS.monitoring);
      this.set({ mark: 'stronger_checks' }, DISPUTE_RATE_MARKS.strongerChecks);
    },
  });
  new Gauge({
    name: 'wyrmcrown_today',
    help: 'Today’s rollup in the store’s time zone (stats_daily): orders made, paid, declined, cancelled, expired, refunded, disputes, and net revenue in cents incl. GST.',
    labelNames: ['figure'],
    registers: [registry],
    async collect() {
      const day = await today();
      if (!day) return;
      for (const figure of ['ordersMade', 'paid', 'credited', 'declined', 'cancelled', 'expired', 'refunded', 'disputes', 'chargebacks', 'netCents'] as const) this.set({ figure }, day[figure]);
    },
  });
  simple('wyrmcrown_sweep_last_pass_timestamp_seconds', 'When any instance last made a sweep pass (0: never).', (f) => (f.lastSweep?.at ?? 0) / 1000);
  simple('wyrmcrown_sweep_last_pass_duration_seconds', 'How long the last sweep pass took.', (f) => (f.lastSweep?.durationMs ?? 0) / 1000);

  const allowed = (req: express.Request) => {
    if (token) {
      const given = Buffer.from(/^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1] ?? '');
      const expected = Buffer.from(token);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    }
    const address = req.socket.remoteAddress ?? '';
    return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
  };

  const router = express.Router();
  router.get(API_ROUTES.metrics, async (req, res) => {
    if (!allowed(req)) throw new HttpError(403, token ? 'The metrics need the scraper’s token.' : 'The metrics are served to this machine only.');
    res.set('Cache-Control', 'no-store').type(registry.contentType).send(await registry.metrics());
  });
  return router;
}
