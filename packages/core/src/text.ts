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

/**
 * Where in a parsed JSON value, query or form a string (or an object key) holds a control character: the
 * field's path (`payment.paymentId`, `items[0].productId`), or undefined when every string is clean.
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

/** The one message for unclean text, naming the field. */
export function uncleanTextMessage(field: string): string {
  return `${field} must not contain control characters`;
}
