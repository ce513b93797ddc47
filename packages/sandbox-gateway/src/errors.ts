import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A request the gateway cannot process as sent; its message is safe to show the client. */
export class RequestError extends Error {
  readonly statusCode = 400;
}

export interface PublicError {
  statusCode: number;
  message: string;
}

/**
 * What a client may be told about an error. Fastify's own 4xx messages are fixed texts; any other message
 * is replaced, since a parser's error may quote the body, which may hold a card number.
 */
export function publicErrorOf(error: unknown): PublicError {
  if (error instanceof RequestError) return { statusCode: 400, message: error.message };
  if (!(error instanceof Error)) return { statusCode: 500, message: 'Internal Server Error' };
  const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (statusCode < 400 || statusCode >= 500) return { statusCode: 500, message: 'Internal Server Error' };
  const isFastifyError = 'code' in error && typeof error.code === 'string' && error.code.startsWith('FST_');
  return {
    statusCode,
    message: isFastifyError ? error.message : (STATUS_CODES[statusCode] ?? 'Bad Request'),
  };
}

/** Logs what the server got wrong; never a request body. */
export function logServerError(request: FastifyRequest, error: unknown): void {
  request.log.error({ err: error }, 'sandbox gateway request failed');
}

/** JSON errors for the CardPointe and CardSecure routes, in Fastify's shape, without stack or SQL. */
export function sendJsonError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { statusCode, message } = publicErrorOf(error);
  if (statusCode >= 500) logServerError(request, error);
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ statusCode, error: STATUS_CODES[statusCode], message });
}
