import { BILL_ZIP, CARD_FORM_MESSAGES, MAX_NAME_LENGTH } from './card-form';

/**
 * The page's only script: brand shown as you type, card number grouping, and the same checks as the server
 * (card-form.ts) with the same messages, shown next to each field. No data leaves the page from here; the
 * form posts to the gateway as a plain HTML form, so the page also works without it.
 */
const SCRIPT = String.raw`
(function () {
  'use strict';
  var MESSAGES = __MESSAGES__;
  var MAX_NAME_LENGTH = __MAX_NAME_LENGTH__;
  var BILL_ZIP = __BILL_ZIP__;
  var form = document.getElementById('payment-form');
  if (!form) return;
  var inputs = {
    cardNumber: document.getElementById('card-number'),
    expiry: document.getElementById('expiry'),
    cvv: document.getElementById('cvv'),
    name: document.getElementById('cardholder-name'),
    billZip: document.getElementById('bill-zip')
  };
  var brandBadge = document.getElementById('card-brand');
  var payButton = document.getElementById('pay-button');
  var touched = {};

  function digitsOf(text) { return text.replace(/\D/g, ''); }

  function brandOf(digits) {
    if (/^4/.test(digits)) return 'VISA';
    if (/^5[1-5]/.test(digits)) return 'MASTERCARD';
    var prefix = Number(digits.slice(0, 4));
    if (digits.length >= 4 && prefix >= 2221 && prefix <= 2720) return 'MASTERCARD';
    if (/^3[47]/.test(digits)) return 'AMEX';
    if (/^(6011|65)/.test(digits)) return 'DISCOVER';
    return '';
  }

  function isLuhnValid(digits) {
    var sum = 0;
    for (var index = 0; index < digits.length; index += 1) {
      var digit = Number(digits.charAt(digits.length - 1 - index));
      if (index % 2 === 1) { digit *= 2; if (digit > 9) digit -= 9; }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  function groupCardNumber(digits) {
    var groups = brandOf(digits) === 'AMEX' ? [4, 6, 5] : [4, 4, 4, 4, 3];
    var parts = [];
    var position = 0;
    for (var index = 0; index < groups.length && position < digits.length; index += 1) {
      parts.push(digits.slice(position, position + groups[index]));
      position += groups[index];
    }
    return parts.join(' ');
  }

  function parseExpiry(text) {
    var match = /^(0?[1-9]|1[0-2])\s*\/?\s*(\d{2}|20\d{2})$/.exec(text.trim());
    if (!match) return null;
    return { month: Number(match[1]), year: 2000 + Number(match[2].slice(-2)) };
  }

  function messageFor(field) {
    var value = inputs[field].value.trim();
    if (field === 'cardNumber') {
      var digits = value.replace(/[\s-]/g, '');
      if (!digits) return MESSAGES.cardNumberRequired;
      if (!/^\d{12,19}$/.test(digits) || !isLuhnValid(digits)) return MESSAGES.cardNumberInvalid;
      if (!brandOf(digits)) return MESSAGES.cardBrandUnsupported;
      return '';
    }
    if (field === 'expiry') {
      if (!value) return MESSAGES.expiryRequired;
      var expiry = parseExpiry(value);
      if (!expiry) return MESSAGES.expiryInvalid;
      var today = new Date();
      if (expiry.year * 12 + expiry.month < today.getFullYear() * 12 + today.getMonth() + 1) return MESSAGES.expiryPast;
      return '';
    }
    if (field === 'cvv') {
      if (!value) return MESSAGES.cvvRequired;
      return /^\d{3,4}$/.test(value) ? '' : MESSAGES.cvvInvalid;
    }
    if (field === 'billZip') {
      return !value || BILL_ZIP.test(value) ? '' : MESSAGES.billZipInvalid;
    }
    if (!value) return MESSAGES.nameRequired;
    return value.length > MAX_NAME_LENGTH ? MESSAGES.nameTooLong : '';
  }

  function show(field, message) {
    var input = inputs[field];
    var error = document.getElementById(input.id + '-error');
    input.setAttribute('aria-invalid', message ? 'true' : 'false');
    if (error) error.textContent = message;
    input.closest('.field').classList.toggle('has-error', Boolean(message));
  }

  function showBrand() {
    var brand = brandOf(digitsOf(inputs.cardNumber.value));
    brandBadge.textContent = brand;
    brandBadge.hidden = !brand;
    inputs.cardNumber.classList.toggle('with-brand', Boolean(brand));
  }

  inputs.cardNumber.addEventListener('input', function () {
    var input = inputs.cardNumber;
    var caret = input.selectionStart === null ? input.value.length : input.selectionStart;
    var digitsBeforeCaret = digitsOf(input.value.slice(0, caret)).length;
    var formatted = groupCardNumber(digitsOf(input.value).slice(0, 19));
    input.value = formatted;
    var position = 0;
    for (var seen = 0; position < formatted.length && seen < digitsBeforeCaret; position += 1) {
      if (/\d/.test(formatted.charAt(position))) seen += 1;
    }
    input.setSelectionRange(position, position);
    showBrand();
  });

  inputs.expiry.addEventListener('input', function (event) {
    var input = inputs.expiry;
    var digits = digitsOf(input.value).slice(0, 4);
    var deleting = event.inputType && event.inputType.indexOf('delete') === 0;
    if (digits.length === 1 && Number(digits) > 1) digits = '0' + digits;
    input.value = digits.length > 2 || (digits.length === 2 && !deleting) ? digits.slice(0, 2) + '/' + digits.slice(2) : digits;
  });

  inputs.cvv.addEventListener('input', function () {
    inputs.cvv.value = digitsOf(inputs.cvv.value).slice(0, 4);
  });

  Object.keys(inputs).forEach(function (field) {
    inputs[field].addEventListener('blur', function () {
      if (!inputs[field].value.trim() && !touched[field]) return;
      touched[field] = true;
      show(field, messageFor(field));
    });
    inputs[field].addEventListener('input', function () {
      if (touched[field]) show(field, messageFor(field));
    });
  });

  form.addEventListener('submit', function (event) {
    var firstInvalid = null;
    Object.keys(inputs).forEach(function (field) {
      touched[field] = true;
      var message = messageFor(field);
      show(field, message);
      if (message && !firstInvalid) firstInvalid = inputs[field];
    });
    if (firstInvalid) {
      event.preventDefault();
      firstInvalid.focus();
      return;
    }
    if (form.getAttribute('data-submitting') === 'true') {
      event.preventDefault();
      return;
    }
    form.setAttribute('data-submitting', 'true');
    payButton.setAttribute('aria-disabled', 'true');
    payButton.textContent = 'Processing…';
  });

  showBrand();
})();
`;

/** JSON inside a <script> must not be able to close it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export const CLIENT_SCRIPT = SCRIPT.replace('__MESSAGES__', scriptSafeJson(CARD_FORM_MESSAGES))
  .replace('__MAX_NAME_LENGTH__', String(MAX_NAME_LENGTH))
  // The same pattern as the server's, as a regular expression literal (it holds no slash).
  .replace('__BILL_ZIP__', () => String(BILL_ZIP));
