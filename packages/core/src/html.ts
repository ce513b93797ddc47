/**
 * HTML written as text, where no browser framework escapes for us: the sandbox's hosted payment page and the
 * store's emails. Every value put into it is escaped unless it is markup we wrote ourselves.
 */

/** HTML that is already safe to put in a page: markup we wrote, or text that went through `markup`. */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and for quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

/** Marks a string of our own as HTML; never pass anything a request supplied. */
export function trustedHtml(text: string): SafeHtml {
  return new SafeHtml(text);
}

type Interpolation = SafeHtml | string | number | false | null | undefined | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === false || value === null || value === undefined) return '';
  return escapeHtml(String(value));
}

/**
 * A template tag that escapes every interpolated value unless it is SafeHtml, so echoing is safe by default.
 * (Not named `html`: the formatter would reformat such templates as HTML, script content included.)
 */
export function markup(strings: TemplateStringsArray, ...values: readonly Interpolation[]): SafeHtml {
  let result = strings[0] ?? '';
  values.forEach((value, index) => {
    result += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(result);
}
