import { Readable } from 'node:stream';
import { errorResponseSchema } from '@store/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
function sendCsv(
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

/**
 * Sends a streamed export (the history's, decision 018; the deposits', decision 036), so that a client never
 * takes a failed export for a file:
 *
 * - Its first piece is made before the answer starts (the export reads its first page or its days before it
 *   yields anything): a failure there is an ordinary error answer, in JSON, with no download headers.
 * - A failure after that cuts the connection. Once the answer has started, its status and headers are a
 *   download's, whether or not they have left yet (a compressed answer holds its first bytes back): an error
 *   answer sent then would be labelled a CSV, or gzip, and a file ended there would look whole. A cut
 *   connection is a failed download in every client.
 */
export async function sendCsvExport(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  lines: AsyncGenerator<string, void, undefined>,
): Promise<FastifyReply> {
  const first = await lines.next();
  const cut = (error: unknown) => {
    request.log.error({ err: error }, 'CSV export failed part way: the download was cut');
    reply.raw.destroy();
  };
  return sendCsv(reply, fileName, continued(first, lines, cut));
}

async function* continued(
  first: IteratorResult<string, void>,
  lines: AsyncGenerator<string, void, undefined>,
  cut: (error: unknown) => void,
): AsyncGenerator<string, void, undefined> {
  try {
    if (first.done) return;
    yield first.value;
    for (;;) {
      let step: IteratorResult<string, void>;
      try {
        step = await lines.next();
      } catch (error) {
        // Not thrown on: Fastify would answer an error it sees before the headers have left with an error
        // answer under the download's headers.
        cut(error);
        return;
      }
      if (step.done) return;
      yield step.value;
    }
  } finally {
    // The client went away (the stream ends this generator at a yield): the export ends as well, and says so
    // (the history audits an export stopped part way).
    await lines.return();
  }
}
