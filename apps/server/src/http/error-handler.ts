import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { ERROR_STATUS } from './errors';

/** Messages for the refusals Fastify itself raises before a route runs. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is wrong',
  FST_ERR_BAD_URL: 'The request address is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'The request address is too long',
};

/**
 * Refusals the router raises before the error handler is in place for the request (an address it cannot
 * decode, a path segment longer than any the store takes): the same shape as every other refusal.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const statusCode = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 400;
  const message = FRAMEWORK_MESSAGES[error.code] ?? 'The request is not valid';
  void reply.status(statusCode).send({ status: 'error', message, error: 'invalid' });
}

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
        .status(ERROR_STATUS[error.kind])
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

/**
 * Requests Node refuses before Fastify sees them (headers or address too long, broken HTTP, too slow to
 * arrive) get the same error shape as every other refusal; the connection is then closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431
      ? 'The request address or headers are too long'
      : status === 408
        ? 'The request took too long to arrive'
        : 'The request is not valid HTTP';
  const body = JSON.stringify({ status: 'error', message, error: 'invalid' });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
