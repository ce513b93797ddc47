import { textProblemOf } from '@store/core';
import type { FastifyInstance } from 'fastify';
import { canonicalPathOf } from './canonical-path';
import { AppError } from '../errors';

/**
 * Refuses, before any route runs, a request whose body, query or path holds a control character (NUL
 * first of all, which PostgreSQL cannot store): a 400 naming the field instead of a failed query. One
 * nested deeper than any real request is refused first.
 * `skipPrefix` leaves a mounted plugin with its own check and error shape (the sandbox gateway) alone.
 */
export function registerCleanTextCheck(app: FastifyInstance, options: { skipPrefix?: string } = {}): void {
  app.addHook('preValidation', async (request) => {
    if (options.skipPrefix && canonicalPathOf(request).startsWith(options.skipPrefix)) return;
    const problem = textProblemOf(request.params, request.query, request.body);
    if (problem) throw new AppError('invalid', problem);
  });
}
