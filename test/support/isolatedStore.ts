import type { Server } from 'node:http';
import type { Firestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { ROUTES } from '../../src/shared/routes';
import { fillSignIn } from '../../scripts/browser/storePages';
import { createGameServerApp } from '../../src/gameServer/gameServerApp';
import { GAME_STATEMENT_PATH } from '../../src/shared/gameBooks';
import { GAME_WEBHOOK_PATH } from '../../src/shared/gameEvents';
import { API_BASE, API_ROUTES, apiPath, type ApiRoute } from '../../src/shared/api';
import { findFreePort } from '../../scripts/stack/network';
import { startApiInstances } from '../../scripts/stack/testing/apiInstances';
import { sharedStackSettings } from '../../scripts/stack/testing/sharedStackSettings';
import { namedDb } from './emulatorAdmin';
import { supportCommand } from './staff';
import { signInAgain, type TestPlayer } from './paymentsHarness';
import { authEmulatorAccount } from '../../scripts/stack/authAccounts';
import { TEST_ADULT_BIRTH_DATE, TEST_PASSWORD } from '../fixtures/samples';
import { uniqueEmail } from './emulatorAdmin';

/** The job token of an isolated store's API (its scheduler here). */
const JOBS_TOKEN = 'isolated-books-jobs-token';

/**
 * A store of its own on the shared stack's emulators and sandbox: one API instance on a Firestore database nobody else
 * writes (so its books hold only this test's players, and no other test's offers reach them), and a game stand-in of
 * its own that it delivers to, asks of its books, and takes spends from. For tests whose every player and figure must be
 * theirs: the books' runs, the nightly check.
 */
export async function isolatedStore(label: string, overrides: Record<string, string> = {}) {
  const shared = sharedStackSettings();
  const databaseId = `${label}-${process.pid}-${Date.now()}`;
  const gamePort = await findFreePort(shared.HOST);
  const gameUrl = `http://${shared.HOST}:${gamePort}`;
  const instances = await startApiInstances(1, {
    FIRESTORE_DATABASE_ID: databaseId,
    GAME_WEBHOOK_URL: `${gameUrl}${GAME_WEBHOOK_PATH}`,
    GAME_STATEMENT_URL: `${gameUrl}${GAME_STATEMENT_PATH}`,
    GAME_EVENTS_DISPATCH_INTERVAL_MS: '200',
    JOBS_AUTH: 'token',
    JOBS_TOKEN,
    // Only the job endpoint checks the books here: a test says which day, and when.
    BOOKS_CHECK_INTERVAL_MS: '0',
    ...overrides,
  });
  const url = instances.urls[0]!;
  const game: Server = createGameServerApp({ secret: shared.GAME_WEBHOOK_SECRET, controlToken: shared.SANDBOX_CONTROL_TOKEN, storeUrl: url }).listen(gamePort, shared.HOST);
  await new Promise((resolve) => game.once('listening', resolve));
  const db: Firestore = namedDb(databaseId);

  /** Calls a route of its API (its :parameters from `parameters`) as the player or staff member whose token is given. */
  const call = async (method: string, route: ApiRoute, idToken?: string, body?: unknown, parameters: Record<string, string> = {}) => {
    const response = await fetch(`${url}${apiPath(route, parameters)}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as any) : null };
  };

  return {
    url,
    db,
    databaseId,
    call,
    /** The stand-in game's test controls (/__game). */
    game: (path: string, method = 'GET', body?: unknown): Promise<any> =>
      fetch(`${gameUrl}/__game${path}`, {
        method,
        headers: { 'X-Sandbox-Token': shared.SANDBOX_CONTROL_TOKEN, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((response) => response.json()),
    /** A player of this store, an adult unless another date of birth is given (given to it). */
    async newPlayer(birthDate = TEST_ADULT_BIRTH_DATE): Promise<TestPlayer> {
      const email = uniqueEmail('books');
      const account = { ...(await authEmulatorAccount(shared, 'signUp', { email, password: TEST_PASSWORD })), email };
      const given = await call('POST', API_ROUTES.birthDate, account.idToken, { birthDate });
      if (given.status !== 200) throw new Error(`The date of birth was refused: ${given.status} ${JSON.stringify(given.body)}`);
      return account;
    },
    /** A support staff member of this store. */
    async newStaff(): Promise<TestPlayer> {
      const email = uniqueEmail('books-staff');
      const account = { ...(await authEmulatorAccount(shared, 'signUp', { email, password: TEST_PASSWORD })), email };
      const granted = await supportCommand('grant', email, { FIRESTORE_DATABASE_ID: databaseId });
      if (granted.code !== 0) throw new Error(`The support role was not granted: ${granted.output}`);
      return signInAgain(account);
    },
    /** Signs `email` in on this store's own pages (its client reads its own database), and waits for its landing page. */
    async signInOnPage(page: Page, email: string) {
      await page.goto(`${url}${ROUTES.signInSignUp}`);
      await fillSignIn(page, email);
      await page.waitForURL(`${url}${ROUTES.home}`);
    },
    /** The nightly check of a day's books, as the scheduler asks it. */
    checkBooks: (date: string) => fetch(`${url}${API_BASE}${API_ROUTES.jobBooks}?date=${date}`, { method: 'POST', headers: { Authorization: `Bearer ${JOBS_TOKEN}` } }).then(async (response) => ({ status: response.status, body: (await response.json()) as any })),
    async stop() {
      await instances.stop();
      await new Promise((resolve) => game.close(resolve));
    },
  };
}

export type IsolatedStore = Awaited<ReturnType<typeof isolatedStore>>;
