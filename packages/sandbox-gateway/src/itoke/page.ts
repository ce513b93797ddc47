import { markup, trustedHtml, type SafeHtml } from '@store/core';
import type { FrameOptions } from './frame-options';

/**
 * The frame's only script. It reads the card number (and, when asked for, the expiry and CVV) typed in the
 * frame, checks it (Luhn), sends it to the gateway's tokenizer beside this page, and posts to the page that
 * holds the frame a JSON text: the token under `tokenPropertyName` (and, enhanced, `token`, `errorCode`,
 * `errorMessage`), `validationError` for a number that is not one, `cardTyping` as typing starts and ends.
 * The holder page learns nothing else: it cannot read a frame of another origin.
 */
const SCRIPT = String.raw`
(function () {
  'use strict';
  var O = __OPTIONS__;
  var card = document.getElementById('ccnumfield');
  var month = document.getElementById('ccexpirymonth');
  var year = document.getElementById('ccexpiryyear');
  var cvv = document.getElementById('cccvvfield');
  var timer = null;
  var typing = false;
  var changed = false;

  function post(body) { window.parent.postMessage(JSON.stringify(body), '*'); }
  function refusal(text) { var body = {}; body[O.tokenPropertyName] = ''; body.validationError = text; post(body); }
  function isLuhnValid(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var digit = Number(digits.charAt(digits.length - 1 - i));
      if (i % 2 === 1) { digit *= 2; if (digit > 9) digit -= 9; }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  function tokenize() {
    var account = card.value.replace(/\s/g, '');
    var bank = account.indexOf('/') > 0;
    var valid = bank ? /^\d{9}\/\d{4,17}$/.test(account) : /^\d{12,19}$/.test(account) && isLuhnValid(account);
    card.classList.toggle('error', !valid);
    if (!valid) { if (O.invalidCardEvent) refusal('Invalid Credit Card Number'); return; }
    var body = { account: account, unique: O.unique };
    if (O.useExpiry) {
      if (!month.value || !year.value) { if (O.invalidExpiryEvent) refusal('Invalid Expiry Date'); return; }
      body.expiry = month.value + year.value.slice(-2);
    }
    if (O.useCvv) {
      if (!/^\d{3,4}$/.test(cvv.value)) { cvv.classList.add('error'); if (O.invalidCvvEvent) refusal('Invalid CVV'); return; }
      cvv.classList.remove('error');
      body.cvv = cvv.value;
    }
    fetch('tokenize', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (answer) { return answer.json(); })
      .catch(function () { return { token: '', errorCode: '1', errorMessage: 'Tokenization failed' }; })
      .then(function (answer) {
        var message = {};
        message[O.tokenPropertyName] = answer.token || '';
        if (O.enhancedResponse) {
          message.token = answer.token || '';
          message.errorCode = String(answer.errorCode);
          message.errorMessage = answer.errorMessage || '';
        }
        post(message);
      });
  }

  function complete() {
    clearTimeout(timer);
    if (!changed) return;
    changed = false;
    if (typing && O.sendCardTypingEvent) post({ cardTyping: false });
    typing = false;
    tokenize();
  }

  function edited() {
    changed = true;
    if (O.tokenizeWhenInactive) { clearTimeout(timer); timer = setTimeout(complete, O.inactivityTimeoutMs); }
  }

  card.addEventListener('input', function () {
    var value = O.cardNumberNumericOnly ? card.value.replace(/[^\d\s]/g, '') : card.value;
    if (O.formatInput && value.indexOf('/') < 0) {
      var digits = value.replace(/\D/g, '');
      value = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
    }
    value = value.slice(0, O.cardInputMaxLength);
    if (value !== card.value) card.value = value;
    if (!typing) { typing = true; if (O.sendCardTypingEvent) post({ cardTyping: true }); }
    edited();
  });
  [month, year, cvv].forEach(function (field) { if (field) field.addEventListener('input', edited); });
  if (!O.tokenizeWhenInactive) {
    [card, month, year, cvv].forEach(function (field) { if (field) field.addEventListener('blur', complete); });
  }
  document.getElementById('tokenform').addEventListener('submit', function (event) { event.preventDefault(); complete(); });
})();
`;

/** JSON inside a <script> must not be able to close it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

const BASE_STYLES =
  'html,body{margin:0;padding:0;background:transparent}form{margin:0}' +
  'input,select{font:inherit;box-sizing:border-box}label{display:block}';

function expiryFields(options: FrameOptions, now: Date): SafeHtml {
  if (!options.useExpiry) return trustedHtml('');
  const months = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'));
  const years = Array.from({ length: 20 }, (_, index) => String(now.getUTCFullYear() + index));
  const option = (value: string) => markup`<option value="${value}">${value}</option>`;
  return markup`<label id="ccexpirylabel" for="ccexpirymonth">${options.expiryLabel}</label>
<select id="ccexpirymonth" name="ccexpirymonth" title="${options.expiryMonthTitle}" aria-label="${options.expiryMonthTitle}"><option value=""></option>${months.map(option)}</select>
<select id="ccexpiryyear" name="ccexpiryyear" title="${options.expiryYearTitle}" aria-label="${options.expiryYearTitle}"><option value=""></option>${years.map(option)}</select>`;
}

function cvvField(options: FrameOptions): SafeHtml {
  if (!options.useCvv) return trustedHtml('');
  return markup`<label id="cccvvlabel" for="cccvvfield">${options.cvvLabel}</label>
<input id="cccvvfield" name="cccvvfield" type="tel" inputmode="numeric" maxlength="4" autocomplete="off" title="${options.cvvTitle}" aria-label="${options.cvvTitle}">`;
}

/** The tokenizer's page: the card field (and the asked-for others), its styles, its script. */
export function renderTokenizerPage(options: FrameOptions, nonce: string, now: Date): string {
  const scriptOptions = {
    cardInputMaxLength: options.cardInputMaxLength,
    cardNumberNumericOnly: options.cardNumberNumericOnly,
    enhancedResponse: options.enhancedResponse,
    formatInput: options.formatInput,
    inactivityTimeoutMs: options.inactivityTimeoutMs,
    invalidCardEvent: options.invalidCardEvent,
    invalidCvvEvent: options.invalidCvvEvent,
    invalidExpiryEvent: options.invalidExpiryEvent,
    sendCardTypingEvent: options.sendCardTypingEvent,
    tokenizeWhenInactive: options.tokenizeWhenInactive,
    tokenPropertyName: options.tokenPropertyName,
    unique: options.unique,
    useCvv: options.useCvv,
    useExpiry: options.useExpiry,
  };
  const script = SCRIPT.replace('__OPTIONS__', () => scriptSafeJson(scriptOptions));
  // The card field's label is shown only with other fields beside it; alone, its title names it.
  const label =
    options.useExpiry || options.useCvv
      ? markup`<label id="cccardlabel" for="ccnumfield">${options.cardLabel}</label>`
      : '';
  const placeholder = options.placeholder ? markup` placeholder="${options.placeholder}"` : '';
  const autofocus = options.autofocus ? trustedHtml(' autofocus') : '';
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Card number</title>
<style nonce="${nonce}">${trustedHtml(BASE_STYLES)}${trustedHtml(options.css)}</style>
</head>
<body>
<form id="tokenform" name="tokenform" novalidate>
${label}<input id="ccnumfield" name="ccnumfield" type="${options.cardNumberNumericOnly ? 'tel' : 'text'}" inputmode="${options.cardNumberNumericOnly ? 'numeric' : 'text'}" maxlength="${String(options.cardInputMaxLength)}" autocomplete="off" spellcheck="false" title="${options.cardTitle}" aria-label="${options.cardTitle}"${placeholder}${autofocus}>
${expiryFields(options, now)}
${cvvField(options)}
</form>
<script nonce="${nonce}">${trustedHtml(script)}</script>
</body>
</html>
`.value;
}
