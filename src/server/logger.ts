import pino from 'pino';

/**
 * The API's structured log: one JSON line per event on standard output, each order event carrying its
 * orderId, so an operator can follow an order through create, callback, return, reconcile, sweep and credit
 * (`grep '"orderId":"WC…"'`).
 */
export type Logger = pino.Logger;

export function createLogger(level: string, name = 'payments-api'): Logger {
  return pino({ name, level, timestamp: pino.stdTimeFunctions.isoTime });
}

/** A logger that writes nothing, for unit tests. */
export const silentLogger: Logger = pino({ level: 'silent' });
