import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** Where log lines go instead of stdout (tests read them): one JSON line per call. */
export interface LogDestination {
  write(line: string): void;
}

/**
 * The server's logger: JSON lines on stdout, for a log collector, unless stdout is a terminal, where a person
 * reads it: then pino-pretty's one line per entry, with the local time. Lines go to `destination` when given.
 */
export function loggerOptions(level: string, destination?: LogDestination): FastifyServerOptions['logger'] {
  if (destination) return { level, stream: destination };
  if (!process.stdout.isTTY) return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
    },
  };
}

/**
 * One line per request that went wrong on our side (status 500 and above, at error) or took at least
 * `slowRequestMs` (at warn), instead of Fastify's two lines for every request. Method, path, status and
 * milliseconds only: never the query string (it may carry ids), the headers (cookies) or the body (cards).
 */
export function registerRequestLog(app: FastifyInstance, options: { slowRequestMs: number }): void {
  app.addHook('onResponse', (request, reply, done) => {
    const failed = reply.statusCode >= 500;
    if (failed || reply.elapsedTime >= options.slowRequestMs) {
      const line = {
        method: request.method,
        url: request.url.split('?', 1)[0],
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime),
      };
      if (failed) request.log.error(line, 'server error');
      else request.log.warn(line, 'slow request');
    }
    done();
  });
}
