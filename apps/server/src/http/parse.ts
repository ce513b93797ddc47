import type { z } from 'zod';
import { AppError } from './errors';

/** Validates a request body with a shared schema; the first problem, in the schema's order, is the message. */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    throw new AppError('invalid', result.error.issues[0]?.message ?? 'The request is not valid');
  }
  return result.data;
}
