import crypto from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { z } from 'zod';
import { creditAgainstDebt, takeBack, type PlayerGems } from '../shared/balance';
import { GAME_DECLINE_STATUS, GAME_WEBHOOK_PATH, type GameDecline, type GameEventBody } from '../shared/gameEvents';

/**
 * The stand-in for the game's own server, as the gateway sandbox stands in for the card provider: it takes the
 * store's events as a game server should (docs/game-integration.md, Delivery): verifies each signature, applies
 * each event id once to a wallet per player, answers 2xx, or 409 `{ declined }` for a player it will not credit.
 * Tests steer it through /__game with the stack's X-Sandbox-Token: fail the next tries, decline a player, read
 * what it got.
 */
export interface GameServerOptions {
  /** GAME_WEBHOOK_SECRET, shared with the store. */
  secret: string;
  /** Told of each event applied, refused or seen again (the script logs it); nothing by default. */
  onEvent?: (line: Record<string, unknown>) => void;
  /** The test controls (/__game) answer only requests carrying it in X-Sandbox-Token; empty: never. */
  controlToken: string;
}

/** An event as the stand-in got it: its body, and how many deliveries of its id came (the first applied, the rest not). */
export interface ReceivedEvent {
  id: string;
  body: GameEventBody;
  deliveries: number;
  firstAt: number;
}

const behaviourSchema = z.strictObject({
  /** The next this many deliveries fail (of `failUids`' events only, when given): 503, a dropped connection, or no answer for `slowMs`. */
  failNext: z.number().int().min(0).max(100).default(0),
  failUids: z.array(z.string().max(128)).max(100).default([]),
  failWith: z.enum(['503', 'drop', 'slow']).default('503'),
  slowMs: z.number().int().min(0).max(60_000).default(15_000),
  /** Players whose credits are declined (409 `{ declined }`), as a banned account's would be. */
  declineUids: z.array(z.string().max(128)).max(100).default([]),
});
type Behaviour = z.infer<typeof behaviourSchema>;

export function createGameServerApp(options: GameServerOptions): express.Express {
  const webhook = new Webhook(options.secret);
  const received = new Map<string, ReceivedEvent>();
  const wallets = new Map<string, PlayerGems>();
  const walletOf = (uid: string): PlayerGems => wallets.get(uid) ?? { balance: 0, debt: 0 };
  let behaviour: Behaviour = behaviourSchema.parse({});
  let refused = 0;
  const app = express();
  app.disable('x-powered-by');

  app.post(GAME_WEBHOOK_PATH, express.text({ type: '*/*', limit: '64kb' }), (req: Request, res: Response) => {
    let body: GameEventBody;
    try {
      body = webhook.verify(typeof req.body === 'string' ? req.body : '', req.headers as Record<string, string>) as GameEventBody;
    } catch (error) {
      refused += 1;
      options.onEvent?.({ event: 'game_server.refused', reason: (error as Error).message });
      res.status(401).json({ error: error instanceof WebhookVerificationError ? error.message : 'unreadable event' });
      return;
    }
    if (behaviour.failNext > 0 && (behaviour.failUids.length === 0 || behaviour.failUids.includes(body.data.uid))) {
      behaviour.failNext -= 1;
      if (behaviour.failWith === 'drop') return void req.socket.destroy();
      if (behaviour.failWith === 'slow') return void setTimeout(() => res.status(200).json({ late: true }), behaviour.slowMs).unref();
      return void res.status(503).json({ error: 'the game server is busy' });
    }
    const id = String(req.headers['webhook-id']);
    const seen = received.get(id);
    if (seen) {
      // The same event again: acknowledged, applied never twice.
      seen.deliveries += 1;
      return void res.status(200).json({ duplicate: true });
    }
    if (body.type === 'gems.credited' && behaviour.declineUids.includes(body.data.uid)) {
      return void res.status(GAME_DECLINE_STATUS).json({ declined: 'this game account is banned' } satisfies GameDecline);
    }
    received.set(id, { id, body, deliveries: 1, firstAt: Date.now() });
    const moved = body.data.gems + body.data.bonusGems;
    const wallet = walletOf(body.data.uid);
    // The wallet keeps a debt as the store does (docs/game-integration.md): a take-back empties the balance and owes
    // the rest, a credit pays the debt first.
    wallets.set(body.data.uid, body.type === 'gems.credited' ? creditAgainstDebt(wallet, moved).after : takeBack(wallet, moved).after);
    options.onEvent?.({ event: 'game_server.applied', id, type: body.type, uid: body.data.uid, gems: moved, wallet: wallets.get(body.data.uid) });
    res.status(200).json({ applied: true });
  });

  const control = express.Router();
  control.use((req, res, next) => {
    const given = Buffer.from(req.get('x-sandbox-token') ?? '');
    const expected = Buffer.from(options.controlToken);
    if (expected.length === 0 || given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      res.status(403).json({ error: 'The game server controls need the X-Sandbox-Token of this stack.' });
      return;
    }
    next();
  });
  control.use(express.json({ limit: '16kb' }));
  control.put('/behaviour', (req, res) => {
    const parsed = behaviourSchema.safeParse(req.body ?? {});
    if (!parsed.success) return void res.status(400).json({ error: parsed.error.message });
    behaviour = parsed.data;
    res.json({ ok: true });
  });
  control.get('/events', (_req, res) => {
    res.json({ events: [...received.values()], refused });
  });
  control.get('/wallets/:uid', (req, res) => {
    const { balance, debt } = walletOf(req.params.uid);
    res.json({ uid: req.params.uid, gems: balance, debt });
  });
  // The player spends in the game: only what the wallet holds.
  control.post('/wallets/:uid/spend', (req, res) => {
    const gems = z.number().int().min(1).max(1_000_000).safeParse(req.body?.gems);
    const wallet = walletOf(req.params.uid);
    if (!gems.success || gems.data > wallet.balance) return void res.status(409).json({ error: 'The wallet does not hold that many gems.' });
    wallets.set(req.params.uid, { ...wallet, balance: wallet.balance - gems.data });
    res.json({ uid: req.params.uid, gems: wallet.balance - gems.data, debt: wallet.debt });
  });
  app.use('/__game', control);

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  return app;
}
