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
 * Callers check the nesting first (`textProblemOf` does both), so the walk's depth is bounded. The path is
 * put together only for the field found: every request is walked, and nearly all are clean.
 */
export function findUncleanText(value: unknown): string | undefined {
  const found = uncleanPlaceOf(value);
  if (!found) return undefined;
  const path = found.parts
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('');
  return path || (found.fieldName ? 'a field name' : 'the request');
}

/** The first unclean text's place: the keys and indexes down to it (a field name's: to its object). */
function uncleanPlaceOf(value: unknown): { parts: (string | number)[]; fieldName: boolean } | undefined {
  if (typeof value === 'string') return isCleanText(value) ? undefined : { parts: [], fieldName: false };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = uncleanPlaceOf(value[index]);
      if (found) {
        found.parts.unshift(index);
        return found;
      }
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      if (!isCleanText(key)) return { parts: [], fieldName: true };
      const found = uncleanPlaceOf((value as Record<string, unknown>)[key]);
      if (found) {
        found.parts.unshift(key);
        return found;
      }
    }
  }
  return undefined;
}

/** Whether arrays and objects nest deeper than `limit` (the walk stops there, so its depth is bounded). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (limit <= 0) return true;
  for (const child of Object.values(value)) if (nestsDeeperThan(child, limit - 1)) return true;
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
