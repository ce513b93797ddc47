/** Both a PGlite instance and a pg.Pool satisfy this. */
export interface SqlClient {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** The PostgreSQL error code, when `error` came from the database (pg and PGlite both set it). */
export function databaseErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

export const UNIQUE_VIOLATION = '23505';
