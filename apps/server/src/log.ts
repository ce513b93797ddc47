/**
 * What services log through: the server's logger (pino, through Fastify) in production, passed in with
 * their dependencies, so that every line goes where the operator reads the others, in the same format.
 */
export interface Log {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** For callers without a logger of their own (scripts, tests): nothing is written. */
export const quietLog: Log = { error: () => undefined, warn: () => undefined };
