import { Readable } from 'node:stream';
import { errorResponseSchema } from '@store/core';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** What a CSV download answers, as the API document declares it. */
export const CSV_DOWNLOAD_RESPONSE = {
  200: {
    description: 'A download (Content-Disposition: attachment): header line first, CRLF line ends',
    content: { 'text/csv': { schema: z.string().describe('CSV') } },
  },
  '4xx': errorResponseSchema,
  '5xx': errorResponseSchema,
};

/**
 * Sends lines as a CSV download named `fileName`: bytes, not objects, with a small buffer, so a page of rows is
 * read only once the client took the one before; Fastify pipes the stream and runs no serializer on it.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  lines: AsyncIterable<string> | Iterable<string>,
): FastifyReply {
  const body = Readable.from(lines, { objectMode: false, highWaterMark: 64 * 1024 });
  return reply
    .type('text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(body);
}
