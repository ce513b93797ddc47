/**
 * The Hosted iFrame Tokenizer's URL parameters, as CardPointe documents them (the sandbox serves the frame
 * at the same path, `/itoke/ajax-tokenizer.html`, and reads the same parameters). Unknown parameters are
 * ignored, as they are there.
 */
export interface FrameOptions {
  autofocus: boolean;
  /** The card number field's longest input, spaces included. */
  cardInputMaxLength: number;
  cardNumberNumericOnly: boolean;
  /** The message also carries `token`, `errorCode` and `errorMessage`. */
  enhancedResponse: boolean;
  /** A space after every four digits as the person types. */
  formatInput: boolean;
  /** Milliseconds without input after which the input counts as complete. */
  inactivityTimeoutMs: number;
  /** A message with `validationError` when the card number is not one (`invalidinputevent`, or `invalidcreditcardevent`). */
  invalidCardEvent: boolean;
  invalidCvvEvent: boolean;
  invalidExpiryEvent: boolean;
  /** Messages with `cardTyping` true when typing starts, false when the number goes for tokenization. */
  sendCardTypingEvent: boolean;
  /** Tokenize once input stops for `inactivityTimeoutMs`, rather than when the field loses focus. */
  tokenizeWhenInactive: boolean;
  /** The name of the token's property in the message; default `message`. */
  tokenPropertyName: string;
  /** A new token for every tokenization, rather than the card's usual one. */
  unique: boolean;
  useCvv: boolean;
  useExpiry: boolean;
  placeholder: string;
  cardLabel: string;
  cardTitle: string;
  cvvLabel: string;
  cvvTitle: string;
  expiryLabel: string;
  expiryMonthTitle: string;
  expiryYearTitle: string;
  /** The merchant's style rules, kept to the properties the frame allows. */
  css: string;
}

type Query = Record<string, unknown>;

function flag(query: Query, name: string): boolean {
  return query[name] === 'true';
}

function text(query: Query, name: string, fallback: string, maxLength = 60): string {
  const value = query[name];
  return typeof value === 'string' && value.length > 0 ? value.slice(0, maxLength) : fallback;
}

function whole(query: Query, name: string, fallback: number, min: number, max: number): number {
  const value = Number(query[name]);
  return Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

export function frameOptionsOf(query: Query): FrameOptions {
  const propertyName = text(query, 'tokenpropname', 'message', 40);
  return {
    autofocus: flag(query, 'autofocus'),
    cardInputMaxLength: whole(query, 'cardinputmaxlength', 2000, 1, 2000),
    cardNumberNumericOnly: flag(query, 'cardnumbernumericonly'),
    enhancedResponse: flag(query, 'enhancedresponse'),
    formatInput: flag(query, 'formatinput'),
    inactivityTimeoutMs: whole(query, 'inactivityto', 500, 0, 60_000),
    invalidCardEvent: flag(query, 'invalidinputevent') || flag(query, 'invalidcreditcardevent'),
    invalidCvvEvent: flag(query, 'invalidcvvevent'),
    invalidExpiryEvent: flag(query, 'invalidexpiryevent'),
    sendCardTypingEvent: flag(query, 'sendcardtypingevent'),
    tokenizeWhenInactive: flag(query, 'tokenizewheninactive'),
    tokenPropertyName: /^[A-Za-z0-9]+$/.test(propertyName) ? propertyName : 'message',
    unique: flag(query, 'unique'),
    useCvv: flag(query, 'usecvv'),
    useExpiry: flag(query, 'useexpiry'),
    placeholder: text(query, 'placeholder', ''),
    cardLabel: text(query, 'cardlabel', 'Card Number'),
    cardTitle: text(query, 'cardtitle', 'Credit Card Number'),
    cvvLabel: text(query, 'cvvlabel', 'CVV'),
    cvvTitle: text(query, 'cvvtitle', 'Card Verification Value'),
    expiryLabel: text(query, 'expirylabel', 'Expiration Date'),
    expiryMonthTitle: text(query, 'expirymonthtitle', 'Expiration Month'),
    expiryYearTitle: text(query, 'expiryyeartitle', 'Expiration Year'),
    css: allowedCss(typeof query.css === 'string' ? query.css.slice(0, 4000) : ''),
  };
}

/** The style properties the frame takes from its `css` parameter; any other declaration is dropped. */
const ALLOWED_PROPERTIES = new Set([
  '-moz-appearance',
  '-webkit-appearance',
  '-webkit-font-smoothing',
  'appearance',
  'background',
  'background-color',
  'border',
  'border-bottom',
  'border-bottom-color',
  'border-bottom-width',
  'border-color',
  'border-left',
  'border-radius',
  'border-right',
  'border-style',
  'border-top',
  'border-width',
  'box-shadow',
  'box-sizing',
  'color',
  'display',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'height',
  'letter-spacing',
  'line-height',
  'margin',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'margin-top',
  'max-height',
  'max-width',
  'min-height',
  'min-width',
  'outline',
  'outline-color',
  'outline-offset',
  'outline-style',
  'outline-width',
  'padding',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'padding-top',
  'text-align',
  'text-indent',
  'text-overflow',
  'text-shadow',
  'text-transform',
  'transition-duration',
  'vertical-align',
  'white-space',
  'width',
  'word-spacing',
]);

/** A value that could fetch something or break out of the style sheet is no value. */
const UNSAFE_VALUE = /url\s*\(|expression|@import|[<>{}\\]/i;

function rulesOf(css: string): string {
  const kept: string[] = [];
  for (const match of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selector = match[1]!.trim();
    if (!/^[\w\s.#:,>+~()*=[\]"'-]+$/.test(selector)) continue;
    const declarations = match[2]!
      .split(';')
      .map((declaration) => declaration.split(/:(.*)/s).map((part) => part.trim()))
      .filter(
        ([property, value]) =>
          property && value && ALLOWED_PROPERTIES.has(property.toLowerCase()) && !UNSAFE_VALUE.test(value),
      )
      .map(([property, value]) => `${property}:${value}`);
    if (declarations.length > 0) kept.push(`${selector}{${declarations.join(';')}}`);
  }
  return kept.join('');
}

/** The merchant's rules, with media queries one level deep, each declaration checked against the list. */
export function allowedCss(css: string): string {
  let rest = css;
  const media: string[] = [];
  rest = rest.replace(
    /@media([^{}]+)\{((?:[^{}]*\{[^{}]*\})*)\s*\}/g,
    (_whole, query: string, body: string) => {
      if (/^[\w\s():,.-]+$/.test(query)) {
        const rules = rulesOf(body);
        if (rules) media.push(`@media ${query.trim()}{${rules}}`);
      }
      return '';
    },
  );
  return rulesOf(rest) + media.join('');
}
