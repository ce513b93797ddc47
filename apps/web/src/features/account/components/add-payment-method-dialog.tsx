import {
  BANK_ACCOUNT_TYPES,
  detectCardBrand,
  expiryMonthsFor,
  firstPaymentMethodProblem,
  formatCardNumberInput,
  formatPhoneInput,
  PAYMENT_METHOD_COUNTRIES,
  PAYMENT_METHOD_LIMITS,
  type PaymentMethodForm,
  type SavedPaymentMethod,
} from '@store/core';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { SelectField, TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { savePaymentToken } from '../api/save-payment-token';
import { tokenizePaymentMethod } from '../api/tokenize';
import styles from './account-page.module.css';

/** product §9: a successful add closes the dialog after 1 s. */
const CLOSE_AFTER_SUCCESS_MS = 1_000;

const EMPTY_FORM: PaymentMethodForm = {
  mode: 'CC',
  name: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  country: 'US',
  email: '',
  phone: '',
  accountNumber: '',
  expiryMonth: '',
  expiryYear: '',
  routingNumber: '',
  bankName: '',
  accountType: 'CHECKING',
};

/** The expiry years offered: this year and the next 9 (product §9). */
export function expiryYears(now = new Date()): string[] {
  return Array.from({ length: 10 }, (_, index) => String(now.getFullYear() + index));
}

function failureText(error: unknown, step: 'tokenize' | 'save'): string {
  if (
    error instanceof ApiError &&
    (error.serverMessage || error.kind === 'rejected' || error.kind === 'parse')
  ) {
    return error.serverMessage ?? error.message;
  }
  return step === 'tokenize' ? 'Failed to add payment method' : 'Failed to save payment method';
}

/** The Add Payment Method dialog (product §2, §5): a card or a bank account, checked, tokenized, saved. */
export function AddPaymentMethodDialog({
  userId,
  onClose,
  onAdded,
}: {
  userId: string;
  onClose: () => void;
  onAdded: (method: SavedPaymentMethod) => void;
}) {
  const [form, setForm] = useState<PaymentMethodForm>(EMPTY_FORM);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  const errorId = useId();
  const card = form.mode === 'CC';

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [added, onClose]);

  const set =
    (field: keyof PaymentMethodForm, format: (value: string) => string = (value) => value) =>
    (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [field]: format(event.target.value) }));
  const digitsOnly = (max: number) => (value: string) => value.replace(/\D/g, '').slice(0, max);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || added) return;
    const problem = firstPaymentMethodProblem(form);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    let token: string;
    try {
      token = await tokenizePaymentMethod(form);
    } catch (failure) {
      setError(failureText(failure, 'tokenize'));
      setBusy(false);
      return;
    }
    try {
      const digits = form.accountNumber.replace(/\D/g, '');
      const saved = await savePaymentToken({
        userId,
        tokenId: token,
        paymentType: form.mode,
        holderName: form.name.trim(),
        last4: digits.slice(-4),
        ...(card
          ? { cardType: detectCardBrand(digits), expiryMonth: form.expiryMonth, expiryYear: form.expiryYear }
          : {
              bankName: form.bankName?.trim(),
              accountType: form.accountType,
              routingNumberLast4: (form.routingNumber ?? '').slice(-4),
            }),
      });
      setAdded(true);
      onAdded(saved);
    } catch (failure) {
      setError(failureText(failure, 'save'));
    } finally {
      setBusy(false);
    }
  };

  const field = (label: string, key: keyof PaymentMethodForm, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={String(form[key] ?? '')}
      onChange={set(key)}
      errorId={errorId}
      disabled={busy || added}
      {...extra}
    />
  );
  const brand = card && form.accountNumber ? detectCardBrand(form.accountNumber.replace(/\D/g, '')) : null;

  return (
    <Modal
      title="Add Payment Method"
      subtitle="Card numbers go straight to our payment processor; we keep only the last 4 digits."
      onClose={onClose}
      dismissible={!busy}
      size="large"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="add-payment-method" disabled={busy || added} aria-busy={busy}>
            {busy ? (
              <>
                <Spinner /> Saving…
              </>
            ) : (
              'Save payment method'
            )}
          </Button>
        </>
      }
    >
      <form
        id="add-payment-method"
        className={styles.methodForm}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <fieldset className={styles.choice}>
          <legend className="visually-hidden">Payment method type</legend>
          {(['CC', 'ACH'] as const).map((mode) => (
            <label key={mode} className={styles.choiceOption}>
              <input
                type="radio"
                name="mode"
                value={mode}
                checked={form.mode === mode}
                onChange={() => setForm((current) => ({ ...current, mode }))}
                disabled={busy || added}
              />
              {mode === 'CC' ? 'Card' : 'Bank account'}
            </label>
          ))}
        </fieldset>
        {/* Above the fields, where it is seen without scrolling the dialog. */}
        {error && <Alert id={errorId}>{error}</Alert>}
        <div className={styles.grid}>
          <div className={styles.wide}>
            {field('Account holder name', 'name', { autoComplete: 'name', maxLength: 100 })}
          </div>
          <div className={styles.wide}>
            {field('Address', 'address', { autoComplete: 'street-address', maxLength: 100 })}
          </div>
          {field('City', 'city', { autoComplete: 'address-level2', maxLength: 100 })}
          {field('State', 'state', {
            autoComplete: 'address-level1',
            maxLength: PAYMENT_METHOD_LIMITS.state,
          })}
          {field('ZIP code', 'zip', { autoComplete: 'postal-code', maxLength: PAYMENT_METHOD_LIMITS.zip })}
          <SelectField
            label="Country"
            value={form.country}
            onChange={set('country')}
            disabled={busy || added}
          >
            {PAYMENT_METHOD_COUNTRIES.map((country) => (
              <option key={country}>{country}</option>
            ))}
          </SelectField>
          {field('Email', 'email', { type: 'email', autoComplete: 'email', maxLength: 254 })}
          <TextField
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            placeholder="123-456-7890"
            value={form.phone ?? ''}
            onChange={set('phone', formatPhoneInput)}
            disabled={busy || added}
          />
          {card ? (
            <>
              <div className={styles.wide}>
                <TextField
                  label="Card number"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  maxLength={PAYMENT_METHOD_LIMITS.cardNumber}
                  value={form.accountNumber}
                  onChange={set('accountNumber', formatCardNumberInput)}
                  hint={brand && brand !== 'UNKNOWN' ? brand : undefined}
                  errorId={errorId}
                  disabled={busy || added}
                />
              </div>
              <SelectField
                label="Expiry month"
                value={form.expiryMonth}
                onChange={set('expiryMonth')}
                disabled={busy || added}
              >
                <option value="">Month</option>
                {expiryMonthsFor(form.expiryYear).map((month) => (
                  <option key={month}>{month}</option>
                ))}
              </SelectField>
              <SelectField
                label="Expiry year"
                value={form.expiryYear}
                onChange={(event) => {
                  const year = event.target.value;
                  // A month already past in the chosen year is not offered, so it cannot stay chosen.
                  setForm((current) => ({
                    ...current,
                    expiryYear: year,
                    expiryMonth: expiryMonthsFor(year).includes(current.expiryMonth ?? '')
                      ? current.expiryMonth
                      : '',
                  }));
                }}
                disabled={busy || added}
              >
                <option value="">Year</option>
                {expiryYears().map((year) => (
                  <option key={year}>{year}</option>
                ))}
              </SelectField>
            </>
          ) : (
            <>
              {field('Routing number', 'routingNumber', {
                inputMode: 'numeric',
                maxLength: PAYMENT_METHOD_LIMITS.routingNumber,
                onChange: set('routingNumber', digitsOnly(PAYMENT_METHOD_LIMITS.routingNumber)),
              })}
              {field('Account number', 'accountNumber', {
                inputMode: 'numeric',
                maxLength: PAYMENT_METHOD_LIMITS.accountNumber,
                onChange: set('accountNumber', digitsOnly(PAYMENT_METHOD_LIMITS.accountNumber)),
              })}
              {field('Bank name', 'bankName', { maxLength: 100 })}
              <SelectField
                label="Account type"
                value={form.accountType}
                onChange={set('accountType')}
                disabled={busy || added}
              >
                {BANK_ACCOUNT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type === 'SAVINGS' ? 'SAVING' : type}
                  </option>
                ))}
              </SelectField>
            </>
          )}
        </div>
        {added && (
          <p role="status" className={styles.success}>
            Payment method added.
          </p>
        )}
      </form>
    </Modal>
  );
}
