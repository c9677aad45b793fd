import type { z } from 'zod';
import { HttpError } from './errors';

/** The body as the shared schema reads it, or a 400 naming the first thing wrong. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new HttpError(400, issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid request.');
  }
  return result.data;
}
