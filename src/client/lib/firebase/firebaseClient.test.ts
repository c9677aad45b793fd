import type { PublicConfig } from '../../../shared/publicConfig';
import { testConfig } from '../../testing/renderApp';
import type { FromWorker, ToWorker } from './protocol';

/** A worker that records what the page sent it and answers what the test makes it answer. */
class FakeWorker {
  readonly sent: ToWorker[] = [];
  private listener: ((event: MessageEvent<FromWorker>) => void) | null = null;
  postMessage(message: ToWorker) {
    this.sent.push(message);
  }
  addEventListener(_type: 'message', listener: (event: MessageEvent<FromWorker>) => void) {
    this.listener = listener;
  }
  answer(message: FromWorker) {
    this.listener?.({ data: message } as MessageEvent<FromWorker>);
  }
}

let worker: FakeWorker;
let startWorker: () => FakeWorker = () => worker;
jest.mock('./startFirebaseWorker', () => ({ startFirebaseWorker: () => startWorker() }));

/** What waits for the page to be idle; a test that holds the page busy runs it when it says so. */
let pageIsBusy = false;
const waitingForIdle: Array<() => void> = [];
jest.mock('../whenPageIsIdle', () => ({
  whenPageIsIdle: (then: () => void) => (pageIsBusy ? waitingForIdle.push(then) : then()),
}));
const pageGoesIdle = () => waitingForIdle.splice(0).forEach((then) => then());

afterEach(() => {
  pageIsBusy = false;
  waitingForIdle.length = 0;
  startWorker = () => worker;
});

/** A fresh copy of the client (it keeps one worker per page), configured, with its fake worker. */
function loadClient(config: PublicConfig | null = testConfig) {
  worker = new FakeWorker();
  let client!: typeof import('./index');
  let configModule!: typeof import('./firebaseConfig');
  jest.isolateModules(() => {
    client = jest.requireActual<typeof import('./index')>('./index');
    configModule = jest.requireActual<typeof import('./firebaseConfig')>('./firebaseConfig');
  });
  if (config) configModule.configureFirebase(config);
  return client;
}

describe('the Firebase client (the page side of the worker)', () => {
  it('starts no worker until a flow needs Firebase, then configures it first', async () => {
    const client = loadClient();
    expect(worker.sent).toEqual([]);
    const token = client.currentIdToken(true);
    expect(worker.sent).toEqual([
      { type: 'configure', config: { firebase: testConfig.firebase, emulators: null } },
      { type: 'call', id: 1, name: 'idToken', args: [true] },
    ]);
    worker.answer({ type: 'result', id: 1, value: 'token-1' });
    await expect(token).resolves.toBe('token-1');
  });

  it("rejects a call with the SDK's error code, for the sign-in page's messages", async () => {
    const client = loadClient();
    const signingIn = client.callFirebase('signIn', 'ada@example.com', 'wrong password');
    expect(worker.sent[1]).toEqual({ type: 'call', id: 1, name: 'signIn', args: ['ada@example.com', 'wrong password'] });
    worker.answer({ type: 'failure', id: 1, failure: { code: 'auth/invalid-credential', message: 'Firebase: Error (auth/invalid-credential).' } });
    await expect(signingIn).rejects.toMatchObject({ code: 'auth/invalid-credential' });
  });

  it('hands each listen its own events until it stops, then asks the worker to stop it', () => {
    const client = loadClient();
    const balance: unknown[] = [];
    const orders: unknown[] = [];
    const stopBalance = client.listenToFirebase<'document'>({ kind: 'document', path: 'users/u-1' }, (event) => balance.push(event));
    client.listenToFirebase<'query'>(
      { kind: 'query', spec: { collection: 'transactions', where: [['uid', 'u-1']], orderBy: ['createdAt', 'desc'], limit: 10 } },
      (event) => orders.push(event),
    );
    worker.answer({ type: 'event', id: 1, event: { data: { gemCount: 10 } } });
    worker.answer({ type: 'event', id: 2, event: { docs: [] } });
    stopBalance();
    worker.answer({ type: 'event', id: 1, event: { data: { gemCount: 20 } } });

    expect(balance).toEqual([{ data: { gemCount: 10 } }]);
    expect(orders).toEqual([{ docs: [] }]);
    expect(worker.sent.at(-1)).toEqual({ type: 'unlisten', id: 1 });
    stopBalance();
    expect(worker.sent.filter((message) => message.type === 'unlisten')).toHaveLength(1);
  });

  it('starts the worker only once the page is idle, and hands it what was asked meanwhile, in order', async () => {
    pageIsBusy = true;
    const client = loadClient();
    const token = client.currentIdToken();
    const stopSession = client.listenToFirebase<'authState'>({ kind: 'authState' }, () => undefined);
    stopSession();
    expect(worker.sent).toEqual([]);

    pageGoesIdle();
    expect(worker.sent).toEqual([
      { type: 'configure', config: { firebase: testConfig.firebase, emulators: null } },
      { type: 'call', id: 1, name: 'idToken', args: [false] },
      { type: 'listen', id: 2, target: { kind: 'authState' } },
      { type: 'unlisten', id: 2 },
    ]);
    client.callFirebase('signOut');
    expect(worker.sent.at(-1)).toEqual({ type: 'call', id: 3, name: 'signOut', args: [] });
    worker.answer({ type: 'result', id: 1, value: null });
    await expect(token).resolves.toBeNull();
    expect(waitingForIdle).toEqual([]);
  });

  it('fails the calls asked meanwhile with the reason when the worker cannot start', async () => {
    pageIsBusy = true;
    const client = loadClient();
    startWorker = () => {
      throw new Error('Workers are refused here.');
    };
    const signingOut = client.callFirebase('signOut');
    pageGoesIdle();
    await expect(signingOut).rejects.toThrow('Workers are refused here.');
  });

  it('refuses to start before the page has its config', async () => {
    const client = loadClient(null);
    await expect(client.callFirebase('signOut')).rejects.toThrow('Firebase is not configured.');
    expect(worker.sent).toEqual([]);
  });

  describe('the token it holds for a request sent inside a click (idTokenNow)', () => {
    const HOUR = 3_600_000;
    /** A token as the SDK answers it: the payload's exp is what is read. */
    const tokenExpiringAt = (at: number, name = 'a') => `h.${Buffer.from(JSON.stringify({ exp: at / 1000, name })).toString('base64url')}.s`;
    const askToken = async (client: ReturnType<typeof loadClient>, token: string | null) => {
      const asked = client.currentIdToken();
      const { id } = worker.sent.at(-1) as { id: number };
      worker.answer({ type: 'result', id, value: token });
      await asked;
    };

    it('is the last token answered, until the SDK would hand out a new one (5 minutes before it expires)', async () => {
      const client = loadClient();
      const now = Date.now();
      expect(client.idTokenNow(now)).toBeNull();
      const token = tokenExpiringAt(now + HOUR);
      await askToken(client, token);
      expect(client.idTokenNow(now)).toBe(token);
      expect(client.idTokenNow(now + HOUR - 5 * 60_000 + 1)).toBeNull();
      await askToken(client, 'not-a-jwt');
      expect(client.idTokenNow(now)).toBeNull();
    });

    it('is forgotten at a sign-in or sign-out call and at news of the user, and never held from an answer asked before either', async () => {
      const client = loadClient();
      const now = Date.now();
      await askToken(client, tokenExpiringAt(now + HOUR));
      void client.callFirebase('signOut');
      expect(client.idTokenNow(now)).toBeNull();

      await askToken(client, tokenExpiringAt(now + HOUR));
      client.listenToFirebase<'authState'>({ kind: 'authState' }, () => undefined);
      const { id: authStateId } = worker.sent.at(-1) as { id: number };
      worker.answer({ type: 'event', id: authStateId, event: { user: null } });
      expect(client.idTokenNow(now)).toBeNull();

      // Asked for the first user, answered after the second signed in: not held.
      const asked = client.currentIdToken();
      const { id } = worker.sent.at(-1) as { id: number };
      worker.answer({ type: 'event', id: authStateId, event: { user: { uid: 'u-2' } } });
      worker.answer({ type: 'result', id, value: tokenExpiringAt(now + HOUR, 'first user') });
      await asked;
      expect(client.idTokenNow(now)).toBeNull();
    });
  });
});
