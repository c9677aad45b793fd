import type { ErrorRequestHandler } from 'express';

/** An error whose message is meant for the player, with the HTTP status to answer it with. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Answers HttpErrors as JSON; anything else is logged and answered with a plain 500. */
export const jsonErrorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  if (error instanceof HttpError) {
    res.status(error.status).json({ error: error.message });
    return;
  }
  // Body parsers report bad JSON and oversize bodies with a status of their own.
  const status = typeof error?.status === 'number' && error.status < 500 ? error.status : 500;
  if (status === 500) console.error(error);
  res.status(status).json({ error: status === 500 ? 'Something went wrong on our side. Please try again.' : 'The request was not understood.' });
};
