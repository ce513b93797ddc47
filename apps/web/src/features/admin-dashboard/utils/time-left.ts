const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Under this much time left, an authorization is flagged: capture it today or lose it. */
const EXPIRY_WARNING_MS = DAY;

export interface TimeLeft {
  /** "6d 23h left", "5h 12m left", "42m left", "Expired". */
  text: string;
  /** Less than 24 hours left (and not yet expired). */
  expiringSoon: boolean;
  expired: boolean;
  /** Milliseconds left (negative once expired); NaN when the date cannot be read. */
  remainingMs: number;
}

/** How long an authorization has before it lapses at the gateway, as an operator reads it. */
export function authorizationTimeLeft(expiresAt: string, now: number): TimeLeft {
  const remainingMs = Date.parse(expiresAt) - now;
  if (Number.isNaN(remainingMs)) return { text: 'Unknown', expiringSoon: false, expired: false, remainingMs };
  if (remainingMs <= 0) return { text: 'Expired', expiringSoon: false, expired: true, remainingMs };
  // Round down: "0m left" would be wrong while time remains, so the last minute reads "<1m left".
  const days = Math.floor(remainingMs / DAY);
  const hours = Math.floor((remainingMs % DAY) / HOUR);
  const minutes = Math.floor((remainingMs % HOUR) / MINUTE);
  let text: string;
  if (days > 0) text = `${days}d ${hours}h left`;
  else if (hours > 0) text = `${hours}h ${minutes}m left`;
  else if (minutes > 0) text = `${minutes}m left`;
  else text = '<1m left';
  return { text, expiringSoon: remainingMs < EXPIRY_WARNING_MS, expired: false, remainingMs };
}
