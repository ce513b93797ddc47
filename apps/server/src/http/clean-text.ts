import { findUncleanText, uncleanTextMessage } from '@store/core';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * Refuses, before any route runs, a request whose body, query or path holds a control character (NUL
 * first of all, which PostgreSQL cannot store): a 400 naming the field instead of a failed query.
 * `skipPrefix` leaves a mounted plugin with its own check and error shape (the sandbox gateway) alone.
 */
export function registerCleanTextCheck(app: FastifyInstance, options: { skipPrefix?: string } = {}): void {
  app.addHook('preValidation', async (request) => {
    if (options.skipPrefix && request.url.startsWith(options.skipPrefix)) return;
    const field =
      findUncleanText(request.params) ?? findUncleanText(request.query) ?? findUncleanText(request.body);
    if (field) throw new AppError('invalid', uncleanTextMessage(field));
  });
}
