/**
 * Control characters (C0, DEL, C1) have no place in any text this store or its gateway takes: no name,
 * id, address or amount holds one, and PostgreSQL refuses NUL outright. A lone surrogate is not text.
 */
function isControl(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

export function isCleanText(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isControl(code) || isLowSurrogate(code)) return false;
    if (isHighSurrogate(code)) {
      if (!isLowSurrogate(text.charCodeAt(index + 1))) return false;
      index += 1;
    }
  }
  return true;
}

/** No request this store or its gateway takes nests deeper; a deeper one is refused before it is read. */
export const MAX_REQUEST_NESTING = 32;

/**
 * Where in a parsed JSON value, query or form a string (or an object key) holds a control character: the
 * field's path (`payment.paymentId`, `items[0].productId`), or undefined when every string is clean.
 * Callers check the nesting first (`textProblemOf` does both), so the walk's depth is bounded.
 */
export function findUncleanText(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isCleanText(value) ? undefined : path || 'the request';
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUncleanText(item, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      if (!isCleanText(key)) return path || 'a field name';
      const found = findUncleanText(item, field);
      if (found) return found;
    }
  }
  return undefined;
}

/** Whether arrays and objects nest deeper than `limit` (checked without recursion). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/** The one message for unclean text, naming the field. */
export function uncleanTextMessage(field: string): string {
  return `${field} must not contain control characters`;
}

export const TOO_DEEP_MESSAGE = 'The request is nested too deeply';

/** What is wrong with the text of a request's parts (too deep, or a control character), or undefined. */
export function textProblemOf(...parts: unknown[]): string | undefined {
  for (const part of parts) if (nestsDeeperThan(part, MAX_REQUEST_NESTING)) return TOO_DEEP_MESSAGE;
  for (const part of parts) {
    const field = findUncleanText(part);
    if (field) return uncleanTextMessage(field);
  }
  return undefined;
}
