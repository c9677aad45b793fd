import net from 'node:net';

export function isPortFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the OS says is free right now on the host. */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ host, port: 0 }, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface WaitForHttpOptions {
  timeoutMs: number;
  /** Stops waiting early, e.g. when the process that should answer has exited. */
  giveUp?: Promise<unknown>;
}

/** Asks `answers` every 250 ms until it says yes; resolves false on timeout or when giveUp settles first. */
export async function waitUntil(answers: () => Promise<boolean>, { timeoutMs, giveUp }: WaitForHttpOptions): Promise<boolean> {
  let abandoned = false;
  void giveUp?.then(() => {
    abandoned = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (!abandoned && Date.now() < deadline) {
    if (await answers()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** Polls the URL until it answers 2xx; resolves false on timeout or when giveUp settles first. */
export function waitForHttp(url: string, options: WaitForHttpOptions): Promise<boolean> {
  return waitUntil(
    () =>
      fetch(url, { signal: AbortSignal.timeout(2000) }).then(
        (response) => response.ok,
        () => false, // Not listening yet.
      ),
    options,
  );
}
