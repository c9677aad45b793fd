import { createLogger } from './logger';

describe('the API log', () => {
  it('writes JSON lines with the severity Cloud Logging reads beside pino’s level', () => {
    const lines: string[] = [];
    const logger = createLogger('info', 'payments-api', { write: (line: string) => void lines.push(line) });
    logger.info({ event: 'order.created' });
    logger.warn({ event: 'order.check_failed' });
    logger.error({ event: 'sweep.failed' });
    logger.debug({ event: 'not written at info' });
    expect(lines.map((line) => JSON.parse(line) as { severity: string; event: string }).map(({ severity, event }) => [severity, event])).toEqual([
      ['INFO', 'order.created'],
      ['WARNING', 'order.check_failed'],
      ['ERROR', 'sweep.failed'],
    ]);
  });
});
