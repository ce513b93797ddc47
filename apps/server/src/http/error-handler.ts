import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

/** Messages for the refusals Fastify itself raises before a route runs. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is wrong',
};

/**
 * The one place errors become HTTP answers: `{ status: 'error', message }`, never a stack trace or SQL.
 * Unexpected errors are logged with the request id and answered with a generic 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.options.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.options.retryAfterSeconds));
      }
      return reply
        .status(error.statusCode)
        .send({ status: 'error', message: error.message, error: error.kind });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The first problem, in the schema's order, is the message (as the storefront's own checks give it).
      const message = error.validation[0]?.message ?? 'The request is not valid';
      return reply.status(400).send({ status: 'error', message, error: 'invalid' });
    }
    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      const message = FRAMEWORK_MESSAGES[error.code] ?? 'The request is not valid';
      return reply.status(statusCode).send({ status: 'error', message, error: 'invalid' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ status: 'error', message: 'Something went wrong on our side. Please try again.' });
  });
}
