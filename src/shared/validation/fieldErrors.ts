import type { z } from 'zod';

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** The first message for each invalid field, or an empty object when the values pass. */
export function fieldErrors<T extends object>(schema: z.ZodType, values: T): FieldErrors<T> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<T> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof T | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
