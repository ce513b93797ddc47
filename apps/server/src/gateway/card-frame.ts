/**
 * CardPointe's Hosted iFrame Tokenizer as the Add Payment Method form embeds it (decision 054): the card
 * number typed in the gateway's frame, tokenized there, the token posted to the store's page. The frame's
 * own input is plain and fills the frame; the store's page draws the border, the focus ring and the label
 * around it, so the field looks like the form's other fields.
 */
const FRAME_CSS = [
  'body{margin:0}',
  'input{width:100%;height:44px;margin:0;padding:0 16px;border:0;outline:none;background:transparent;',
  'box-sizing:border-box;color:#16192b;font-size:16px;letter-spacing:0.02em;',
  "font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue','Noto Sans','Liberation Sans',Arial,sans-serif}",
  'input::placeholder{color:#5f6579}',
  '.error{color:#a51d1d}',
].join('');

/** The frame's parameters (CardPointe's documented names), fixed for the store's form. */
const FRAME_PARAMETERS: Record<string, string> = {
  // Tokenize once typing stops (as CardPointe advises for phones), not only when the field loses focus.
  tokenizewheninactive: 'true',
  inactivityto: '400',
  // The token with CardSecure's error code and message, a message for a number that is not a card, and
  // word when typing starts (so that the page drops a token for a number being changed).
  enhancedresponse: 'true',
  invalidinputevent: 'true',
  sendcardtypingevent: 'true',
  // The spec's card field: digits only, a space every four, 19 characters at most.
  cardnumbernumericonly: 'true',
  formatinput: 'true',
  cardinputmaxlength: '19',
  // A new token each time: a token is then saved once, ever, by the session that received it.
  unique: 'true',
  cardtitle: 'Card number',
  placeholder: '1234 5678 9012 3456',
  css: FRAME_CSS,
};

/** The frame's address for the form: the gateway's tokenizer page with the store's parameters. */
export function cardFrameAddress(tokenizerPage: string): string {
  const url = new URL(tokenizerPage);
  for (const [name, value] of Object.entries(FRAME_PARAMETERS)) url.searchParams.set(name, value);
  return url.toString();
}
