import type { ErrorRequestHandler } from 'express';
import type { ApiErrorBody } from '../../shared/api';

/** An error whose message is meant for the player, with the HTTP status to answer it with (and what else the body carries). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Omit<ApiErrorBody, 'error'> = {},
  ) {
    super(message);
  }
}

/** The status an error should be answered with: its own below 500 (body parsers, static files), else 500. */
function statusOf(error: unknown): number {
  const status = (error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
}

/** Answers HttpErrors as JSON; anything else is logged and answered with a plain 500. */
export const jsonErrorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  if (error instanceof HttpError) {
    res.status(error.status).json({ ...error.details, error: error.message } satisfies ApiErrorBody);
    return;
  }
  const status = statusOf(error);
  if (status === 500) console.error(error);
  res.status(status).json({ error: status === 500 ? 'Something went wrong on our side. Please try again.' : 'The request was not understood.' });
};

/** Outside /api: a plain page with the status, never a stack trace or a path of the server's disk. */
export const htmlErrorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  const status = statusOf(error);
  if (status === 500) console.error(error);
  const text = status === 404 ? 'Not found.' : status < 500 ? 'The request was not understood.' : 'Something went wrong on our side.';
  res.status(status).type('text').set('Cache-Control', 'no-store').send(text);
};
