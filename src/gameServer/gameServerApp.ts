import crypto from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { z } from 'zod';
import { API_BASE, API_ROUTES } from '../shared/api';
import { GAME_STATEMENT_PATH, spentEntryId, type GameSpendResponse, type GameStatementResponse } from '../shared/gameBooks';
import { GAME_DECLINE_STATUS, GAME_WEBHOOK_PATH, type GameDecline, type GameEventBody } from '../shared/gameEvents';
import { gameWallets } from './gameWallets';
import { gameStatementRequestSchema } from '../shared/validation/gameBooks';
import { signedJsonHeaders } from '../shared/signedRequest';

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
  /** The store's API (its origin), which the game asks to take each spend's gems; none: no spends. */
  storeUrl?: string;
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
  const wallets = gameWallets();
  const { walletOf } = wallets;
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
    if (body.type === 'account.deleted') {
      // The player's store account is gone: the game unlinks it. No gems move.
      options.onEvent?.({ event: 'game_server.account_deleted', id, uid: body.data.uid });
      return void res.status(200).json({ applied: true });
    }
    const moved = body.data.gems + body.data.bonusGems;
    // The wallet keeps a debt as the store does (docs/game-integration.md): a take-back empties the balance and owes
    // the rest, a credit pays the debt first.
    wallets.apply(body.data.uid, id, body.type === 'gems.credited' ? moved : -moved);
    options.onEvent?.({ event: 'game_server.applied', id, type: body.type, uid: body.data.uid, gems: moved, wallet: walletOf(body.data.uid) });
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
  // The player spends gems bought in the store: the game asks the store to take them first, signed, as a game's server
  // must (docs/game-integration.md, The books), and spends them only once the store took them; a spend id given again
  // is the same spend.
  control.post('/wallets/:uid/spend', async (req, res) => {
    const uid = req.params.uid;
    const gems = z.number().int().min(1).max(1_000_000).safeParse(req.body?.gems);
    const spendId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/).default(() => crypto.randomUUID()).safeParse(req.body?.spendId);
    if (!gems.success || !spendId.success) return void res.status(400).json({ error: 'gems: a whole number from 1; spendId: letters, digits, _ or -.' });
    if (!options.storeUrl) return void res.status(503).json({ error: 'This stand-in knows no store to ask.' });
    const store = await askStore(uid, spendId.data, gems.data);
    if (store.status !== 200) return void res.status(store.status).json({ uid, spendId: spendId.data, store: store.answer });
    // The store's balance held them: the game's wallet gives them, whatever of the store's events it has yet to take.
    wallets.apply(uid, spentEntryId(spendId.data), -gems.data);
    res.json({ uid, spendId: spendId.data, gems: walletOf(uid).balance, debt: walletOf(uid).debt, store: store.answer });
  });
  // A delivered event the game's books lost (a restore from an old backup, say): gone from what it holds, its gems undone.
  control.post('/lose/:eventId', (req, res) => {
    const event = received.get(req.params.eventId);
    if (!event) return void res.status(404).json({ error: 'No such event was taken.' });
    received.delete(event.id);
    wallets.lose(event.body.data.uid, event.id);
    res.json({ lost: event.id, wallet: walletOf(event.body.data.uid) });
  });
  app.use('/__game', control);

  // The store's nightly check asks what the game's books hold for its players, signed as its events are.
  app.post(GAME_STATEMENT_PATH, express.text({ type: '*/*', limit: '64kb' }), (req: Request, res: Response) => {
    let asked: unknown;
    try {
      asked = webhook.verify(typeof req.body === 'string' ? req.body : '', req.headers as Record<string, string>);
    } catch (error) {
      return void res.status(401).json({ error: error instanceof WebhookVerificationError ? error.message : 'unreadable request' });
    }
    const parsed = gameStatementRequestSchema.safeParse(asked);
    if (!parsed.success) return void res.status(400).json({ error: parsed.error.message });
    const players = parsed.data.uids.map((uid) => wallets.statementOf(uid));
    res.json({ players } satisfies GameStatementResponse);
  });

  /** Asks the store to take a spend's gems, signed with the shared secret: its status and answer (502: no answer). */
  async function askStore(uid: string, spendId: string, gems: number): Promise<{ status: number; answer: GameSpendResponse | { error: string } }> {
    const body = JSON.stringify({ uid, spendId, gems });
    try {
      const response = await fetch(`${options.storeUrl}${API_BASE}${API_ROUTES.gameGemsSpent}`, {
        method: 'POST',
        headers: signedJsonHeaders(options.secret, `spend-${spendId}`, body),
        body,
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, answer: (await response.json()) as GameSpendResponse };
    } catch (error) {
      return { status: 502, answer: { error: (error as Error).message } };
    }
  }

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  return app;
}
