import pino from 'pino';

/**
 * The API's structured log: one JSON line per event on standard output, each order event carrying its
 * orderId, so an operator can follow an order through create, callback, return, reconcile, sweep and credit
 * (`grep '"orderId":"WC…"'`). Each line carries `severity` in Cloud Logging's words, so on Cloud Run the log
 * viewer files warnings and errors as such.
 */
export type Logger = pino.Logger;

/** pino's levels in Cloud Logging's severities. */
const SEVERITY: Record<string, string> = { trace: 'DEBUG', debug: 'DEBUG', info: 'INFO', warn: 'WARNING', error: 'ERROR', fatal: 'CRITICAL' };

export function createLogger(level: string, name = 'payments-api', destination: pino.DestinationStream = pino.destination(1)): Logger {
  return pino(
    {
      name,
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label, number) => ({ level: number, severity: SEVERITY[label] ?? 'DEFAULT' }) },
    },
    destination,
  );
}

/** A logger that writes nothing, for unit tests. */
export const silentLogger: Logger = pino({ level: 'silent' });
