import { centsToDecimalString, formatCents, markup, trustedHtml, type SafeHtml } from '@store/core';
import { cancelUrlOf, type CardFormErrors, type CardFormField, type PaymentRequest } from './card-form';
import { CLIENT_SCRIPT } from './client-script';
import { SANDBOX_TEST_CARDS } from '../test-cards';
import { PAGE_STYLES } from './styles';

const LOCK_ICON = trustedHtml(
  '<svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" ' +
    'd="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"/></svg>',
);

const SANDBOX_NOTE = 'Sandbox — no real money moves';

function htmlDocument(title: string, nonce: string, body: SafeHtml, withScript: boolean): string {
  const script = withScript ? markup`<script nonce="${nonce}">${trustedHtml(CLIENT_SCRIPT)}</script>` : '';
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<link rel="icon" href="data:,">
<title>${title}</title>
<style nonce="${nonce}">${trustedHtml(PAGE_STYLES)}</style>
</head>
<body>
<header class="sandbox-note" aria-label="Sandbox"><p role="note">${SANDBOX_NOTE}</p></header>
${body}
${script}
</body>
</html>
`.value;
}

interface FieldSpec {
  field: CardFormField;
  id: string;
  label: string;
  autocomplete: string;
  numeric?: boolean;
  placeholder?: string;
  maxlength: number;
  value?: string;
  error?: string;
  addon?: SafeHtml;
  /** Every field is required but these. */
  optional?: boolean;
}

function inputField(spec: FieldSpec): SafeHtml {
  const errorId = `${spec.id}-error`;
  const inputmode = spec.numeric ? trustedHtml(' inputmode="numeric"') : '';
  const placeholder = spec.placeholder ? markup` placeholder="${spec.placeholder}"` : '';
  return markup`<div class="field${spec.error ? ' has-error' : ''}">
  <label for="${spec.id}">${spec.label}</label>
  <div class="input-wrap">
    <input type="text" id="${spec.id}" name="${spec.field}" autocomplete="${spec.autocomplete}"${inputmode}${placeholder} maxlength="${spec.maxlength}" value="${spec.value ?? ''}" spellcheck="false"${spec.optional ? '' : trustedHtml(' required')} aria-describedby="${errorId}" aria-invalid="${spec.error ? 'true' : 'false'}">
    ${spec.addon}
  </div>
  <p class="field-error" id="${errorId}">${spec.error}</p>
</div>`;
}

/** A card number as printed: AMEX 4-6-5, the others in fours. */
function printedCardNumber(number: string): string {
  const groups = /^3[47]/.test(number) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let position = 0;
  for (const size of groups) {
    if (position >= number.length) break;
    parts.push(number.slice(position, position + size));
    position += size;
  }
  return parts.join(' ');
}

/** The sandbox's test cards, as the wallet sheets offer theirs: what to type to see each outcome. */
function testCardList(): SafeHtml {
  const cards = SANDBOX_TEST_CARDS.map(
    (card) =>
      markup`<li><span class="test-card-number">${printedCardNumber(card.number)}</span><span class="test-card-outcome">${card.brand} · ${card.outcome}</span></li>`,
  );
  return markup`<details class="test-cards">
  <summary>Sandbox test cards</summary>
  <p>Any expiry date in the future and any 3-digit CVV (4 digits for AMEX).</p>
  <p>CVV 111 does not match (222 not processed); a billing ZIP ending in 112 matches nothing, 111 the street only, 113 the ZIP only.</p>
  <ul>${cards}</ul>
</details>`;
}

export interface PaymentPageModel {
  merchantName: string;
  request: PaymentRequest;
  /** Where the form posts: the gateway's own /hpp/pay. */
  payAction: string;
  nonce: string;
  errors?: CardFormErrors;
  /** What to show again after a failed check. Never the card number or CVV. */
  kept?: { expiry?: string; name?: string; billZip?: string };
}

export function renderPaymentPage(model: PaymentPageModel): string {
  const { request, errors = {}, kept = {} } = model;
  const amount = formatCents(request.totalCents);
  const errorSummary =
    Object.keys(errors).length > 0
      ? markup`<div class="error-summary" role="alert">Please check the card details below. For your security, enter the card number and CVV again.</div>`
      : '';
  const body = markup`<main class="layout">
<section class="panel" aria-labelledby="merchant-name">
  <header class="panel-header">
    <p class="eyebrow">${LOCK_ICON}Secure payment</p>
    <h1 id="merchant-name">${model.merchantName}</h1>
    <dl class="summary">
      <div><dt>Invoice</dt><dd>${request.invoice}</dd></div>
      <div class="amount-item"><dt>Amount due</dt><dd class="amount">${amount}</dd></div>
    </dl>
  </header>
  <form id="payment-form" method="post" action="${model.payAction}" novalidate>
    ${errorSummary}
    <input type="hidden" name="total" value="${centsToDecimalString(request.totalCents)}">
    <input type="hidden" name="invoice" value="${request.invoice}">
    <input type="hidden" name="returnUrl" value="${request.returnUrl.toString()}">
    ${inputField({
      field: 'cardNumber',
      id: 'card-number',
      label: 'Card number',
      autocomplete: 'cc-number',
      numeric: true,
      placeholder: '1234 5678 9012 3456',
      maxlength: 23,
      error: errors.cardNumber,
      addon: markup`<span class="brand" id="card-brand" aria-live="polite" hidden></span>`,
    })}
    <div class="row">
      ${inputField({
        field: 'expiry',
        id: 'expiry',
        label: 'Expiration (MM/YY)',
        autocomplete: 'cc-exp',
        numeric: true,
        placeholder: 'MM/YY',
        maxlength: 7,
        value: kept.expiry,
        error: errors.expiry,
      })}
      ${inputField({
        field: 'cvv',
        id: 'cvv',
        label: 'CVV',
        autocomplete: 'cc-csc',
        numeric: true,
        placeholder: '123',
        maxlength: 4,
        error: errors.cvv,
      })}
    </div>
    ${inputField({
      field: 'name',
      id: 'cardholder-name',
      label: 'Cardholder name',
      autocomplete: 'cc-name',
      maxlength: 100,
      value: kept.name,
      error: errors.name,
    })}
    ${inputField({
      field: 'billZip',
      id: 'bill-zip',
      label: 'Billing ZIP or postal code (optional)',
      autocomplete: 'billing postal-code',
      maxlength: 10,
      value: kept.billZip ?? request.billZip,
      error: errors.billZip,
      optional: true,
    })}
    <button type="submit" class="pay-button" id="pay-button">Pay ${amount}</button>
    <a class="cancel-link" href="${cancelUrlOf(request.returnUrl)}">Cancel</a>
  </form>
</section>
<p class="footnote">Your card details go to the payment gateway only; ${model.merchantName} never sees them.</p>
${testCardList()}
</main>`;
  return htmlDocument(`Pay ${amount} to ${model.merchantName}`, model.nonce, body, true);
}

export interface PaidPageModel {
  merchantName: string;
  request: PaymentRequest;
  nonce: string;
}

/**
 * The page of an invoice that is already paid (the browser's Back after paying, a second tab): no form, so
 * the shopper cannot take it for money still due, and the way to the store's receipt.
 */
export function renderPaidPage(model: PaidPageModel): string {
  const { request } = model;
  const amount = formatCents(request.totalCents);
  const body = markup`<main class="layout">
<section class="panel" aria-labelledby="paid-title">
  <header class="panel-header">
    <p class="eyebrow">${LOCK_ICON}Secure payment</p>
    <h1 id="paid-title">This invoice is paid</h1>
    <dl class="summary">
      <div><dt>Invoice</dt><dd>${request.invoice}</dd></div>
      <div class="amount-item"><dt>Amount paid</dt><dd class="amount">${amount}</dd></div>
    </dl>
  </header>
  <div class="message">
    <p>${model.merchantName} has your payment; nothing more is due, and paying again is not possible.</p>
    <a class="return-link" href="${request.returnUrl.toString()}">Return to the store for your receipt</a>
  </div>
</section>
</main>`;
  return htmlDocument(`Invoice ${request.invoice} is paid`, model.nonce, body, false);
}

export interface ErrorPageModel {
  title: string;
  problems: readonly string[];
  nonce: string;
  /** Where the person can go back to, when the address to go back to is known and sound. */
  returnUrl?: URL;
}

export function renderErrorPage(model: ErrorPageModel): string {
  const problems =
    model.problems.length > 0
      ? markup`<ul>${model.problems.map((problem) => markup`<li>${problem}</li>`)}</ul>`
      : '';
  const back = model.returnUrl
    ? markup`<a class="cancel-link" href="${cancelUrlOf(model.returnUrl)}">Return to the store</a>`
    : '';
  const body = markup`<main class="layout">
<section class="panel" aria-labelledby="error-title">
  <header class="panel-header"><h1 id="error-title">${model.title}</h1></header>
  <div class="message">
    <p>This payment page cannot be shown. Return to the store and start the payment again.</p>
    ${problems}
    ${back}
  </div>
</section>
</main>`;
  return htmlDocument(model.title, model.nonce, body, false);
}
