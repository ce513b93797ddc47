import { ApiError } from '../../../lib/api-client';

/** The server's own words for a failure when it sent some, else the screen's (product §8). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
