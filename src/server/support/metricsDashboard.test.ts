import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sampleHealth } from '../../../test/fixtures/samples';
import type { OverviewDay } from '../../shared/stats';
import { metricsRouter } from './metricsRouter';

const health = sampleHealth({
  refundsWaiting: 0,
  disputes: { open: 1, month: { month: '2026-11', disputes: 1, paidOrders: 40, rate: 0.025 } },
  delivery: { on: true, pending: 2, attention: 1, oldestUndeliveredAt: Date.now() - 60_000 },
});
const today = { ordersMade: 12, paid: 8, credited: 8, declined: 3, cancelled: 1, expired: 0, refunded: 1, disputes: 1, chargebacks: 0, netCents: 31_193 } as OverviewDay;

describe('docs/cloud-monitoring-dashboard.json', () => {
  it('charts only metrics /api/metrics serves', async () => {
    const app = express().use('/api', metricsRouter(async () => health, '', async () => today));
    const server: Server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const text = await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/metrics`)).text();
      expect(text).toMatch(/^wyrmcrown_today\{figure="netCents"\} 31193$/m);
      expect(text).toMatch(/^wyrmcrown_game_events_waiting\{status="attention"\} 1$/m);
      expect(text).toMatch(/^wyrmcrown_dispute_rate_this_month 0.025$/m);
      const served = new Set([...text.matchAll(/^# TYPE (\w+) /gm)].map(([, name]) => name));
      const dashboard = fs.readFileSync(path.resolve(__dirname, '../../../docs/cloud-monitoring-dashboard.json'), 'utf8');
      const charted = [...new Set([...dashboard.matchAll(/wyrmcrown_\w+/g)].map(([name]) => name))];
      expect(charted.length).toBeGreaterThan(5);
      expect(charted.filter((name) => !served.has(name))).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
