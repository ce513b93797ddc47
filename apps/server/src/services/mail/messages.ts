import { addressLines, formatCents, markup, type DeliveryAddress, type SafeHtml } from '@store/core';

/**
 * The store's messages to customers (decision 027), rendered from plain data into a subject, a plain-text
 * body and an HTML body. Pure: whoever queues a message (`queueMail`) renders it first, in the same
 * transaction as the event it tells of. Everything a person typed (names, address lines, a bank's name) goes
 * into the HTML through `markup`, which escapes it; no message shows more of a card or account than its
 * last four digits.
 */

export interface RenderedMessage {
  subject: string;
  textBody: string;
  htmlBody: string;
}

/**
 * How an order was paid, as a message names it: a card by its brand (`VISA`, `MASTERCARD`, as the gateway
 * names it) or a bank account by its bank's name, with the last four digits only (anything longer given
 * here is cut to its last four). `wallet` is "Google Pay" or "Apple Pay" when one paid.
 */
export type PaymentMethodShown = ({ brand: string } | { bankName: string }) & {
  last4: string;
  wallet?: string;
};

/** One line of an order, priced in cents. */
interface OrderLineShown {
  productName: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

/**
 * What the order confirmation says: the order as recorded (its lines and totals in cents, priced by the
 * server), where it goes, how it was paid, and the link to its receipt page (which works without signing
 * in, so it is the secret part of the message).
 */
export interface OrderConfirmationData {
  /** The store's name (STORE_NAME), in the header, the subject and the sign-off. */
  storeName: string;
  orderId: string;
  /** The contact email the order was placed with (the message's recipient). */
  contactEmail: string;
  items: OrderLineShown[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  delivery: DeliveryAddress;
  paymentMethod: PaymentMethodShown;
  /** The receipt page's full address (https://…/receipt/…); only an http(s) address is made a link. */
  receiptUrl: string;
}

/** What a refund's confirmation says: how much went back, to which method, for which order. */
export interface RefundConfirmationData {
  storeName: string;
  orderId: string;
  /** Who the order is delivered to, to greet; empty: no name. */
  recipientName: string;
  amountCents: number;
  paymentMethod: PaymentMethodShown;
}

/** What the shipping notice says: the order is on its way, with whom and how to follow it when known. */
export interface OrderShippedData {
  storeName: string;
  orderId: string;
  delivery: DeliveryAddress;
  carrier?: string;
  trackingNumber?: string;
  /** The receipt page's full address; only an http(s) address is made a link. */
  receiptUrl?: string;
}

/**
 * What a payment link's message says (decision 034): what the order holds, where it goes, the link to pay it
 * on the hosted payment page, and until when it can be paid.
 */
export interface PaymentLinkData {
  storeName: string;
  payerName: string;
  items: OrderLineShown[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  delivery: DeliveryAddress;
  /** The link's full address (https://…/pay/…); only an http(s) address is made a link. */
  linkUrl: string;
  /** The last day it can be paid, as a person reads it ("Thursday, December 3, 2026"). */
  expiresOn: string;
}

/** What the notice of a cancelled charge says: a captured payment voided before it settled. */
export type ChargeCancelledData = RefundConfirmationData;

const BRAND_NAMES: Record<string, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMEX: 'American Express',
  DISCOVER: 'Discover',
};

/** The last four digits of whatever was given: a message never shows more of a card or an account. */
function lastFour(digits: string): string {
  return digits.replace(/\D/g, '').slice(-4);
}

/** "Visa ending in 1111", "your bank account at First Bank ending in 3210", with the wallet when one paid. */
function methodWords(method: PaymentMethodShown): string {
  const ending = `ending in ${lastFour(method.last4)}`;
  const named =
    'bankName' in method
      ? `bank account at ${method.bankName} ${ending}`
      : `${BRAND_NAMES[method.brand.toUpperCase()] ?? 'card'} ${ending}`;
  return method.wallet ? `${named} (${method.wallet})` : named;
}

/** A value that starts a fact's line: "Bank account at …" where a sentence says "your bank account at …". */
function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function greeting(name: string): string {
  return name.trim() ? `Hi ${name.trim()},` : 'Hello,';
}

const FONT = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";
const INK = '#1f2933';
const MUTED = '#5f6b7a';
const RULE = '#e3e6ea';
const ACCENT = '#1d4ed8';

/**
 * One message's page: a centred card of at most 600 px with the store's name on top and a footer, in tables
 * and inline styles, which is what mail programs render alike.
 */
function emailPage(input: { storeName: string; title: string; preview: string; content: SafeHtml }): string {
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${input.title}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f5f7;">
<div style="display:none;max-height:0;overflow:hidden;">${input.preview}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f5f7;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border:1px solid ${RULE};border-radius:8px;font-family:${FONT};color:${INK};font-size:15px;line-height:1.5;">
<tr><td style="padding:20px 28px;border-bottom:1px solid ${RULE};font-size:18px;font-weight:700;color:${ACCENT};">${input.storeName}</td></tr>
<tr><td style="padding:28px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${INK};">${input.title}</h1>
${input.content}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid ${RULE};font-size:12px;color:${MUTED};">This message was sent by ${input.storeName} about an order placed with this email address. Please keep it for your records.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`.value;
}

function paragraph(content: SafeHtml | string): SafeHtml {
  return markup`<p style="margin:0 0 16px;">${content}</p>`;
}

/** A two-column list of facts: term on the left, value on the right. */
function factTable(rows: [string, string][]): SafeHtml {
  return markup`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;border-top:1px solid ${RULE};">
${rows.map(
  ([term, value]) =>
    markup`<tr><td style="padding:8px 0;border-bottom:1px solid ${RULE};color:${MUTED};">${term}</td><td align="right" style="padding:8px 0;border-bottom:1px solid ${RULE};font-weight:600;">${value}</td></tr>
`,
)}</table>`;
}

/** The plain-text version: paragraphs separated by blank lines, signed by the store. */
function plainText(storeName: string, parts: string[]): string {
  return `${[...parts, `${storeName}`].join('\n\n')}\n`;
}

function factLines(rows: [string, string][]): string {
  return rows.map(([term, value]) => `${term}: ${value}`).join('\n');
}

/** An order's subtotal, tax and total, as its messages list them. */
function totalsOf(data: { subtotalCents: number; taxCents: number; totalCents: number }): [string, string][] {
  return [
    ['Subtotal', formatCents(data.subtotalCents)],
    ['Tax', formatCents(data.taxCents)],
    ['Total', formatCents(data.totalCents)],
  ];
}

/** An order's lines and totals, as a table: each product with its quantity and price, then the totals. */
function itemsTable(items: OrderLineShown[], totals: [string, string][]): SafeHtml {
  const cell = `padding:8px 0;border-bottom:1px solid ${RULE};`;
  const itemRows = items.map(
    (item) => markup`<tr>
<td style="${cell}">${item.productName}<br><span style="color:${MUTED};font-size:13px;">${item.quantity} × ${formatCents(item.unitPriceCents)}</span></td>
<td align="right" style="${cell}white-space:nowrap;">${formatCents(item.lineTotalCents)}</td>
</tr>
`,
  );
  const totalRows = totals.map(
    ([term, value], index) => markup`<tr>
<td align="right" style="padding:4px 12px 4px 0;color:${MUTED};${index === totals.length - 1 ? `font-weight:700;color:${INK};` : ''}">${term}</td>
<td align="right" style="padding:4px 0;white-space:nowrap;${index === totals.length - 1 ? 'font-weight:700;' : ''}">${value}</td>
</tr>
`,
  );
  return markup`
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 8px;border-top:1px solid ${RULE};">
${itemRows}</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;">
${totalRows}</table>`;
}

/** Where an order goes: a heading and the address's lines. */
function deliveryBlock(address: string[]): SafeHtml {
  return markup`<h2 style="margin:0 0 8px;font-size:16px;">Delivery to</h2>
<p style="margin:0 0 20px;">${address.map((line, index) => (index === 0 ? line : markup`<br>${line}`))}</p>`;
}

/** An order's lines in the plain-text version. */
function itemLines(items: OrderLineShown[]): string {
  return [
    'Items',
    ...items.map(
      (item) =>
        `  ${item.quantity} × ${item.productName} (${formatCents(item.unitPriceCents)} each): ${formatCents(item.lineTotalCents)}`,
    ),
  ].join('\n');
}

/** Sent when an order is placed: what was bought, where it goes, how it was paid, and the receipt's link. */
export function orderConfirmation(data: OrderConfirmationData): RenderedMessage {
  const title = 'Thank you for your order';
  const subject = `Your ${data.storeName} order ${data.orderId}`;
  const intro = `We have received your order ${data.orderId} and will let you know when it ships.`;
  const totals = totalsOf(data);
  const address = addressLines(data.delivery);
  const paidWith = capitalized(methodWords(data.paymentMethod));
  const receiptLink = /^https?:\/\//i.test(data.receiptUrl) ? data.receiptUrl : undefined;

  const content = markup`${paragraph(greeting(data.delivery.name))}${paragraph(intro)}${itemsTable(data.items, totals)}
${deliveryBlock(address)}
${factTable([
  ['Contact email', data.contactEmail],
  ['Paid with', paidWith],
])}${
    receiptLink
      ? markup`<p style="margin:0 0 8px;"><a href="${receiptLink}" style="display:inline-block;padding:12px 20px;background-color:${ACCENT};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;">View your receipt</a></p>
<p style="margin:0;color:${MUTED};font-size:13px;">Anyone with this link can see the receipt: please do not forward this email.</p>`
      : ''
  }`;

  const textBody = plainText(data.storeName, [
    title,
    greeting(data.delivery.name),
    intro,
    itemLines(data.items),
    factLines(totals),
    ['Delivery to', ...address.map((line) => `  ${line}`)].join('\n'),
    factLines([
      ['Contact email', data.contactEmail],
      ['Paid with', paidWith],
    ]),
    ...(receiptLink
      ? [
          `Your receipt: ${receiptLink}\nAnyone with this link can see the receipt: please do not forward this email.`,
        ]
      : []),
  ]);
  return {
    subject,
    textBody,
    htmlBody: emailPage({ storeName: data.storeName, title, preview: intro, content }),
  };
}

/** Sent when an operator marks the order shipped: where it goes and how to follow it. */
export function orderShipped(data: OrderShippedData): RenderedMessage {
  const title = 'Your order is on its way';
  const subject = `Your ${data.storeName} order ${data.orderId} has shipped`;
  const intro = `Good news: your order ${data.orderId} has left our warehouse.`;
  const facts: [string, string][] = [
    ['Order', data.orderId],
    ...(data.carrier ? [['Carrier', data.carrier] as [string, string]] : []),
    ...(data.trackingNumber ? [['Tracking number', data.trackingNumber] as [string, string]] : []),
  ];
  const address = addressLines(data.delivery);
  const receiptLink = data.receiptUrl && /^https?:\/\//i.test(data.receiptUrl) ? data.receiptUrl : undefined;
  const content = markup`${paragraph(greeting(data.delivery.name))}${paragraph(intro)}${factTable(facts)}
${deliveryBlock(address)}${
    receiptLink
      ? markup`<p style="margin:0;"><a href="${receiptLink}" style="color:${ACCENT};font-weight:600;">View your receipt</a></p>`
      : ''
  }`;
  return {
    subject,
    textBody: plainText(data.storeName, [
      title,
      greeting(data.delivery.name),
      intro,
      factLines(facts),
      ['Delivery to', ...address.map((line) => `  ${line}`)].join('\n'),
      ...(receiptLink ? [`Your receipt: ${receiptLink}`] : []),
    ]),
    htmlBody: emailPage({ storeName: data.storeName, title, preview: intro, content }),
  };
}

/** Sent when an operator prepares an order for a caller: the order, and the link to pay it. */
export function paymentLink(data: PaymentLinkData): RenderedMessage {
  const total = formatCents(data.totalCents);
  const title = 'Your order is ready to be paid';
  const subject = `Pay ${total} for your ${data.storeName} order`;
  const intro = `Here is the order we prepared for you. Pay ${total} securely through the link below; we ship it once it is paid.`;
  const expiry = `The link can be used until ${data.expiresOn}. Anyone with it can pay this order: please do not forward this email.`;
  const totals = totalsOf(data);
  const address = addressLines(data.delivery);
  const link = /^https?:\/\//i.test(data.linkUrl) ? data.linkUrl : undefined;
  const content = markup`${paragraph(greeting(data.payerName))}${paragraph(intro)}${itemsTable(data.items, totals)}
${deliveryBlock(address)}${
    link
      ? markup`<p style="margin:0 0 16px;"><a href="${link}" style="display:inline-block;padding:12px 20px;background-color:${ACCENT};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;">Pay ${total}</a></p>`
      : ''
  }<p style="margin:0;color:${MUTED};font-size:13px;">${expiry}</p>`;
  return {
    subject,
    textBody: plainText(data.storeName, [
      title,
      greeting(data.payerName),
      intro,
      itemLines(data.items),
      factLines(totals),
      ['Delivery to', ...address.map((line) => `  ${line}`)].join('\n'),
      ...(link ? [`Pay here: ${link}`] : []),
      expiry,
    ]),
    htmlBody: emailPage({ storeName: data.storeName, title, preview: intro, content }),
  };
}

/** Sent when money goes back to the customer as a refund. */
export function refundConfirmation(data: RefundConfirmationData): RenderedMessage {
  return moneyBackMessage(data, (amount, method) => ({
    title: 'Your refund is on its way',
    subject: `Refund of ${amount} for your ${data.storeName} order ${data.orderId}`,
    intro: `We have refunded ${amount} to your ${method} for order ${data.orderId}.`,
    outlook:
      'Refunds usually reach your account within 5 to 10 business days, depending on your bank or card issuer.',
    terms: ['Refunded', 'Refunded to'],
  }));
}

/** Sent when a captured charge is cancelled (voided) before it settled: it never reaches a statement. */
export function chargeCancelled(data: ChargeCancelledData): RenderedMessage {
  return moneyBackMessage(data, (amount, method) => ({
    title: 'Your charge was cancelled',
    subject: `Charge cancelled for your ${data.storeName} order ${data.orderId}`,
    intro: `We have cancelled the charge of ${amount} to your ${method} for order ${data.orderId} before it was settled.`,
    outlook:
      'It will not appear on your statement. If your bank shows it as pending, it will disappear within a few days.',
    terms: ['Cancelled charge', 'Payment method'],
  }));
}

/**
 * A refund's or a cancelled charge's message: a greeting, what happened, the facts (the order, the amount and
 * the method, under the `terms` given) and when it shows; `wordsOf` words it from the amount and the method.
 */
function moneyBackMessage(
  data: RefundConfirmationData,
  wordsOf: (
    amount: string,
    method: string,
  ) => { title: string; subject: string; intro: string; outlook: string; terms: [string, string] },
): RenderedMessage {
  const amount = formatCents(data.amountCents);
  const method = methodWords(data.paymentMethod);
  const words = wordsOf(amount, method);
  const facts: [string, string][] = [
    ['Order', data.orderId],
    [words.terms[0], amount],
    [words.terms[1], capitalized(method)],
  ];
  const content = markup`${paragraph(greeting(data.recipientName))}${paragraph(words.intro)}${factTable(facts)}${paragraph(words.outlook)}`;
  return {
    subject: words.subject,
    textBody: plainText(data.storeName, [
      words.title,
      greeting(data.recipientName),
      words.intro,
      factLines(facts),
      words.outlook,
    ]),
    htmlBody: emailPage({ storeName: data.storeName, title: words.title, preview: words.intro, content }),
  };
}

/** "Thursday, December 3, 2026, 2:05 PM UTC": when a link stops working, as its message
 * says it (payment links, staff set-up links). */
export function linkExpiryWords(at: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(at);
}

export interface StaffSetupData {
  storeName: string;
  /** The person's name, to greet. */
  name: string;
  /** What they sign in with. */
  username: string;
  roleLabel: string;
  invitedBy: string;
  /** The one-time link (https://…/admin/setup#…); only an http(s) address is made a link. */
  setupLink: string;
  expiresAt: Date;
}

/** Sent when the owner adds a person to the console, or makes a new set-up link for one. */
export function staffSetup(data: StaffSetupData): RenderedMessage {
  const title = 'Set up your console account';
  const subject = `Your ${data.storeName} console account`;
  const intro = `${data.invitedBy} gave you a ${data.roleLabel} account in the ${data.storeName} console. You sign in as ${data.username}. Choose your password through the link below.`;
  const expiry = `The link works once, until ${linkExpiryWords(data.expiresAt)}. If you did not expect this email, ignore it: nothing happens without the link.`;
  const link = /^https?:\/\//i.test(data.setupLink) ? data.setupLink : undefined;
  const content = markup`${paragraph(greeting(data.name))}${paragraph(intro)}${
    link
      ? markup`<p style="margin:0 0 16px;"><a href="${link}" style="display:inline-block;padding:12px 20px;background-color:${ACCENT};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;">Choose your password</a></p>`
      : ''
  }<p style="margin:0;color:${MUTED};font-size:13px;">${expiry}</p>`;
  return {
    subject,
    textBody: plainText(data.storeName, [
      title,
      greeting(data.name),
      intro,
      ...(link ? [`Choose your password: ${link}`] : []),
      expiry,
    ]),
    htmlBody: emailPage({ storeName: data.storeName, title, preview: intro, content }),
  };
}
