import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseSettings, type Settings } from '../../src/server/config/settings';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { samplePaymentDetails, TEST_PASSWORD } from '../stack/sampleBuyer';
import { signUpOnAuthEmulator } from '../stack/authAccounts';
import { findFreePort } from '../stack/network';
import { startStack, type RunningStack } from '../stack/startStack';
import { loadBalancer, type LoadBalancer } from './loadBalancer';
import { meterFileOf, startApiInstance, type ApiInstance } from './apiInstance';
import { API_ROUTES, apiPath } from '../../src/shared/api';
import { ORDER_EVENTS, transactionPath, userPath } from '../../src/shared/firestorePaths';
import { caughtMailsAt } from '../stack/mailCatcher';
import { emulatorRest } from '../stack/emulatorRest';
import { ROUTES } from '../../src/shared/routes';
import { RUM_BEACON_PATH } from '../../src/shared/rum';
import { busiestLine, meterFigures, perPurchaseLines, readMeterLines, type MeterFigures } from '../meter/meterReport';

/**
 * The store as Cloud Run would run it, on this machine: the emulators, the sandbox and the mail catcher,
 * several API instances from the production build (node dist-server/server.cjs) with background work as
 * jobs only, nginx in front as a round-robin load balancer, and a scheduler stand-in calling the job
 * endpoints on random instances. A bounded storm of purchases runs through the load balancer while the
 * instances are restarted one by one; every figure is then counted from Firestore and the mail catcher.
 */
export interface ScaleOptions {
  projectRoot: string;
  /** Players buying at once in each phase. */
  players: number;
  instances: number;
  /** Restart every instance in turn (SIGTERM, then a new one) during the first phase. */
  rollingRestart: boolean;
  /** Also run the storm with one instance, for the purchases/s ratio. */
  singleInstancePhase: boolean;
  /** Extra environment for every process (the tests' loopback guard). */
  extraEnv?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export interface ScaleFigures {
  paid: number;
  creditedOnce: number;
  doubled: number;
  lost: number;
  serverErrors: number;
  receiptsOnce: number;
  purchasesPerSecond: { many: number; one: number | null };
  instances: number;
  /** How long each instance took from SIGTERM to exit in the rolling restart (ms). */
  stopTimesMs: number[];
  /** The production server's start-to-ready (ms), process to readiness: the first instances on an idle machine... */
  readyTimesMs: number[];
  /** ...and their replacements in the rolling restart, while the storm runs. */
  restartReadyTimesMs: number[];
  /** The write meter over the whole run (every instance, every phase, the jobs and the beacons). */
  meter: MeterFigures;
  /** Purchases made in the whole run, for the meter's figures per purchase. */
  purchases: number;
  beacons: number;
  /** Today's figures as /api/metrics (and the overview) read them from the day's shards, and what the run's orders make. */
  today: { counted: TodaysFigures; made: TodaysFigures };
}

/** The figures of today's rollup a run can tell from its own orders. */
export interface TodaysFigures {
  ordersMade: number;
  paid: number;
  credited: number;
  netCents: number;
}

/** Page-speed beacons sent during the 60 players' storm: `BEACON_STORM.count` within `BEACON_STORM.ms`. */
export const BEACON_STORM = { count: 300, ms: 3_000 } as const;

export function scaleLine(figures: ScaleFigures): string {
  const { paid, creditedOnce, doubled, lost, serverErrors, receiptsOnce, purchasesPerSecond, instances } = figures;
  const one = purchasesPerSecond.one === null ? '' : `, ${purchasesPerSecond.one.toFixed(2)} with 1`;
  return `${paid} paid, ${creditedOnce} credited once, ${doubled} doubled, ${lost} lost, ${serverErrors} 5xx, ${receiptsOnce} receipts sent once; purchases/s ${purchasesPerSecond.many.toFixed(2)} with ${instances} instances${one}`;
}

/** The figures as npm run scale and npm run bench print them, the one-line summary last. */
export function printScaleFigures(figures: ScaleFigures): void {
  const seconds = (list: number[]) => list.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ');
  const median = (list: number[]) => (([...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0) / 1000).toFixed(2);
  console.log(`Production server, start to ready on an idle machine: ${seconds(figures.readyTimesMs)} (median ${median(figures.readyTimesMs)} s; goal at most 2 s).`);
  if (figures.restartReadyTimesMs.length > 0) {
    console.log(`  and in the rolling restart, with the storm on both cores: ${seconds(figures.restartReadyTimesMs)} (median ${median(figures.restartReadyTimesMs)} s).`);
  }
  console.log(`Rolling restart: each instance stopped ${seconds(figures.stopTimesMs)} after SIGTERM (Cloud Run allows 10 s).`);
  if (figures.purchasesPerSecond.one !== null) {
    console.log(`Purchases/s, ${figures.instances} instances to 1: ${(figures.purchasesPerSecond.many / figures.purchasesPerSecond.one).toFixed(2)}.`);
  }
  const { meter, purchases } = figures;
  console.log(busiestLine(meter));
  console.log(`Firestore over the run (${purchases} purchases, ${figures.beacons} beacons, the jobs every second or so): ${meter.writes} writes, ${meter.reads} reads.`);
  for (const line of perPurchaseLines(meter, purchases)) console.log(line);
  console.log(scaleLine(figures));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runScale(options: ScaleOptions): Promise<ScaleFigures> {
  const log = options.log ?? (() => undefined);
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wyrmcrown-scale-'));
  // Every part on a port free now: a running `npm start` (its game server on 3200, say) never stops a run.
  const [port, firestore, auth, sandbox, smtp, web, balancer, gameServer, devApi] = (await Promise.all(Array.from({ length: 9 }, () => findFreePort()))) as number[] as [number, number, number, number, number, number, number, number, number];
  const jobsToken = crypto.randomBytes(24).toString('hex');
  const lbUrl = `http://127.0.0.1:${balancer}`;
  const settings = parseSettings({
    PORT: String(port),
    FIRESTORE_EMULATOR_PORT: String(firestore),
    AUTH_EMULATOR_PORT: String(auth),
    GATEWAY_SANDBOX_PORT: String(sandbox),
    MAIL_CATCHER_SMTP_PORT: String(smtp),
    MAIL_CATCHER_WEB_PORT: String(web),
    GAME_SERVER_PORT: String(gameServer),
    DEV_API_PORT: String(devApi),
    // Every address the provider and the players see is the load balancer's.
    PUBLIC_BASE_URL: lbUrl,
    API_PUBLIC_URL: lbUrl,
    TRUST_PROXY: '127.0.0.1',
    BACKGROUND_WORK: 'jobs',
    JOBS_AUTH: 'token',
    JOBS_TOKEN: jobsToken,
    SANDBOX_CONTROL_TOKEN: crypto.randomBytes(16).toString('hex'),
    SANDBOX_CALLBACK_RETRY_MS: '500',
    ORDER_RECHECK_FIRST_MS: '500',
    ORDER_RECHECK_MAX_MS: '2000',
    // The storm is many players, each within the real limits; these only keep the stand-in's own load in.
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
    RATE_LIMIT_CALLBACKS_PER_MINUTE: '100000',
    // The storm's beacons all come from this machine's one address.
    RUM_BEACONS_PER_ADDRESS_A_DAY: '100000',
    LOG_LEVEL: 'warn',
    SWEEP_INTERVAL_MS: '0',
    MAIL_DISPATCH_INTERVAL_MS: '0',
  });
  const stack = await startStack({ projectRoot: options.projectRoot, settings, mode: 'backing', dataDir: null, runDir, extraEnv: options.extraEnv, onNotice: log });
  const instances: ApiInstance[] = [];
  const readyTimesMs: number[] = [];
  const restartReadyTimesMs: number[] = [];
  let lb: LoadBalancer | null = null;
  let scheduler: { stop(): Promise<void> } | null = null;
  try {
    for (let index = 0; index < options.instances; index += 1) instances.push(await startInstance(options, stack, runDir, index, await findFreePort()));
    readyTimesMs.push(...instances.map((instance) => instance.readyMs));
    lb = await loadBalancer({ port: balancer, upstreams: instances.map((instance) => instance.port), runDir });
    scheduler = schedulerStandIn(instances, jobsToken);
    const storm = new Storm(settings, lbUrl);

    // A first wave warms the instances and the emulators up, so neither measured phase pays for it.
    await storm.purchase(Math.max(3, Math.ceil(options.players / 4)));
    log(`Storm: ${options.players} players at once through ${options.instances} instances, and ${BEACON_STORM.count} page-speed beacons in ${BEACON_STORM.ms / 1000} s.`);
    const [many] = await Promise.all([storm.purchase(options.players), storm.beacons(BEACON_STORM.count, BEACON_STORM.ms)]);

    let one: number | null = null;
    if (options.singleInstancePhase) {
      await lb.reconfigure([instances[0]!.port]);
      log(`Storm: ${options.players} players at once through 1 instance.`);
      one = (await storm.purchase(options.players)).perSecond;
      await lb.reconfigure(instances.map((instance) => instance.port));
    }

    let stopTimesMs: number[] = [];
    if (options.rollingRestart) {
      // Waves of players keep buying for as long as the instances are being replaced, one by one.
      log(`Rolling restart of ${options.instances} instances, with players buying throughout.`);
      let restarting = true;
      const restart = rollingRestart(options, stack, runDir, instances).finally(() => {
        restarting = false;
      });
      do await storm.purchase(Math.max(3, Math.ceil(options.players / 4)));
      while (restarting);
      stopTimesMs = await restart;
      restartReadyTimesMs.push(...instances.map((instance) => instance.readyMs));
    }

    log('Waiting for every paid order to be credited and its receipt sent (the scheduler stand-in keeps running the jobs)…');
    const figures = await storm.count(stack.mailUrl!);
    // Each instance writes its meter's lines every second: wait for the last of them.
    await sleep(1_500);
    const meter = meterFigures(readMeterLines(Array.from({ length: options.instances }, (_unused, index) => meterFileOf(runDir, index))));
    // A run that crosses the store's midnight would split its orders between two days' rollups (a minute a day).
    const today = { counted: await todaysFigures(instances[0]!.port), made: storm.todaysFigures(figures.paid) };
    return {
      ...figures,
      serverErrors: storm.serverErrors,
      purchasesPerSecond: { many: many.perSecond, one },
      instances: options.instances,
      stopTimesMs,
      readyTimesMs,
      restartReadyTimesMs,
      meter,
      purchases: storm.purchases.length,
      beacons: storm.beaconsSent,
      today,
    };
  } finally {
    await scheduler?.stop();
    await lb?.stop();
    await Promise.all(instances.map((instance) => instance.process.stop()));
    await stack.stop();
  }
}

/** Today's rollup as /api/metrics serves it to this machine (the sum of the day's shards, as the overview reads it). */
async function todaysFigures(port: number): Promise<TodaysFigures> {
  const text = await (await fetch(`http://127.0.0.1:${port}${apiPath(API_ROUTES.metrics)}`)).text();
  const figure = (name: keyof TodaysFigures) => Number(new RegExp(`^wyrmcrown_today\\{figure="${name}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { ordersMade: figure('ordersMade'), paid: figure('paid'), credited: figure('credited'), netCents: figure('netCents') };
}

/** One API instance of the run, on `port`. */
const startInstance = (options: ScaleOptions, stack: RunningStack, runDir: string, index: number, port: number) =>
  startApiInstance({ projectRoot: options.projectRoot, stack, runDir, index, port, extraEnv: options.extraEnv });

/** Each instance in turn: SIGTERM, wait for it to exit, and a new one on the same port. Answers each stop's time. */
async function rollingRestart(options: ScaleOptions, stack: RunningStack, runDir: string, instances: ApiInstance[]): Promise<number[]> {
  const stopTimes: number[] = [];
  for (let index = 0; index < instances.length; index += 1) {
    await sleep(1_500);
    const asked = Date.now();
    await instances[index]!.process.stop('SIGTERM', 10_000);
    stopTimes.push(Date.now() - asked);
    instances[index] = await startInstance(options, stack, runDir, index, instances[index]!.port);
  }
  return stopTimes;
}

const SCHEDULED_JOBS = ['sweep', 'mail', 'game-events'] as const;

/** Cloud Scheduler, stood in for: the sweep, mail and game events' jobs, every second or two, on a random instance each. */
function schedulerStandIn(instances: ApiInstance[], jobsToken: string): { stop(): Promise<void> } {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const instance = instances[crypto.randomInt(instances.length)]!;
      const job = SCHEDULED_JOBS[crypto.randomInt(SCHEDULED_JOBS.length)];
      await fetch(`http://127.0.0.1:${instance.port}/api/jobs/${job}`, { method: 'POST', headers: { Authorization: `Bearer ${jobsToken}` }, signal: AbortSignal.timeout(30_000) }).catch(
        () => undefined, // an instance being restarted; the next call goes elsewhere
      );
      await sleep(500 + crypto.randomInt(1_000));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

interface Purchase {
  uid: string;
  orderId: string;
  packId: number;
}

/** Players buying through the load balancer, and the books kept of what they were owed. */
class Storm {
  serverErrors = 0;
  beaconsSent = 0;
  readonly purchases: Purchase[] = [];

  constructor(
    private readonly settings: Settings,
    private readonly lbUrl: string,
  ) {}

  private async call(route: string, init: RequestInit): Promise<Response> {
    const response = await fetch(`${this.lbUrl}${route}`, init);
    if (response.status >= 500) this.serverErrors += 1;
    return response;
  }

  private sandbox(route: string, method: string, body?: unknown): Promise<Response> {
    return fetch(`http://127.0.0.1:${this.settings.GATEWAY_SANDBOX_PORT}/__sandbox${route}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': this.settings.SANDBOX_CONTROL_TOKEN },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** `players` new players each buy one pack at once: create, pay on the sandbox, callback, return, reconcile. */
  async purchase(players: number): Promise<{ perSecond: number }> {
    const started = Date.now();
    await Promise.all(Array.from({ length: players }, (_unused, index) => this.onePlayer(index)));
    return { perSecond: players / ((Date.now() - started) / 1000) };
  }

  /** What the run's orders add to today's rollup, once `paid` of them are paid (every order is paid in full). */
  todaysFigures(paid: number): TodaysFigures {
    const netCents = this.purchases.reduce((sum, { packId }) => sum + STARTING_PACKS.find((pack) => pack.id === packId)!.priceCents, 0);
    return { ordersMade: this.purchases.length, paid, credited: paid, netCents: paid === this.purchases.length ? netCents : NaN };
  }

  /** `count` page-speed beacons spread evenly over `withinMs`, as many visitors' browsers send them. */
  async beacons(count: number, withinMs: number): Promise<void> {
    const pages = [ROUTES.home, ROUTES.shop, ROUTES.signInSignUp];
    const started = Date.now();
    await Promise.all(
      Array.from({ length: count }, async (_unused, index) => {
        await sleep(started + (index * withinMs) / count - Date.now());
        const beacon = {
          page: pages[index % pages.length],
          device: index % 2 === 0 ? 'phone' : 'desktop',
          metrics: [
            { name: 'LCP', value: 800 + (index % 40) * 50 },
            { name: 'CLS', value: 0 },
            { name: 'TTFB', value: 120 },
          ],
          funnel: index % 3 === 1 ? ['shopVisit', 'buy'] : ['shopVisit'],
        };
        const response = await this.call(RUM_BEACON_PATH, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(beacon) });
        if (response.status !== 204) throw new Error(`A beacon was refused: ${response.status} ${await response.text()}`);
        this.beaconsSent += 1;
      }),
    );
  }

  private async onePlayer(index: number): Promise<void> {
    const { idToken, uid } = await signUpOnAuthEmulator(this.settings, {
      email: `scale-${index}-${crypto.randomUUID()}@wyrmcrown.example`,
      password: TEST_PASSWORD,
    });
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` };
    // An adult, who gave a date of birth (the store asks it before a first checkout).
    const born = await this.call(apiPath(API_ROUTES.birthDate), { method: 'POST', headers, body: JSON.stringify({ birthDate: '1950-01-01' }) });
    if (born.status !== 200) throw new Error(`A date of birth was refused: ${born.status} ${await born.text()}`);
    const packId = STARTING_PACKS[index % STARTING_PACKS.length]!.id;
    const created = await this.call('/api/payments', {
      method: 'POST',
      headers,
      body: JSON.stringify({ packId, ...samplePaymentDetails }),
    });
    if (created.status !== 201) throw new Error(`A payment did not start: ${created.status} ${await created.text()}`);
    const { orderId } = (await created.json()) as { orderId: string };
    this.purchases.push({ uid, orderId, packId });
    // A third lose their callback: only a return, a reconcile or the sweep job can credit those.
    if (index % 3 === 0) await this.sandbox('/faults', 'PUT', { orderId, faults: { callback: { none: true } } });
    const completed = (await (await this.sandbox(`/orders/${orderId}/complete`, 'POST', { outcome: 'paid' })).json()) as { returnUrl: string };
    const parameters = Object.fromEntries(new URL(completed.returnUrl).searchParams);
    if (index % 2 === 0) await this.call('/api/payments/return', { method: 'POST', headers, body: JSON.stringify(parameters) });
    await this.call('/api/transactions/reconcile', { method: 'POST', headers });
  }

  /** Counts, from Firestore and the mail catcher, once every order is credited and receipted (or the time is up). */
  async count(mailUrl: string): Promise<Pick<ScaleFigures, 'paid' | 'creditedOnce' | 'doubled' | 'lost' | 'receiptsOnce'>> {
    const { read, countWhere } = emulatorRest(this.settings);
    const creditedEvents = (orderId: string) => countWhere(transactionPath(orderId), ORDER_EVENTS, 'type', 'credited');
    const receiptsOf = async () => {
      const mails = await caughtMailsAt<{ subject: string }>(mailUrl);
      return new Map(this.purchases.map(({ orderId }) => [orderId, mails.filter((mail) => mail.subject.includes(orderId) && mail.subject.includes('receipt')).length]));
    };
    const deadline = Date.now() + 90_000;
    for (;;) {
      const books = await Promise.all(
        this.purchases.map(async ({ uid, orderId, packId }) => {
          const [order, user, credits] = await Promise.all([read(transactionPath(orderId)), read(userPath(uid)), creditedEvents(orderId)]);
          const gems = Number(user.fields?.gemCount?.integerValue ?? 0);
          const owed = STARTING_PACKS.find((pack) => pack.id === packId)!.gemCount;
          return { paid: order.fields?.status?.stringValue === 'paid', gems, owed, credits };
        }),
      );
      const receipts = await receiptsOf();
      const settled = books.every((book) => book.paid && book.gems === book.owed) && [...receipts.values()].every((count) => count >= 1);
      if (settled || Date.now() > deadline) {
        // Any second receipt would arrive within a dispatch pass or two: look once more before counting.
        if (settled) await sleep(3_000);
        const finalReceipts = await receiptsOf();
        return {
          paid: books.filter((book) => book.paid).length,
          creditedOnce: books.filter((book) => book.gems === book.owed && book.credits === 1).length,
          doubled: books.filter((book) => book.gems > book.owed || book.credits > 1).length,
          lost: books.filter((book) => book.gems < book.owed).length,
          receiptsOnce: [...finalReceipts.values()].filter((count) => count === 1).length,
        };
      }
      await sleep(1_000);
    }
  }
}
