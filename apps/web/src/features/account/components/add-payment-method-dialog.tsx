import {
  EMAIL_MESSAGES,
  BANK_ACCOUNT_TYPES,
  expiryMonthsFor,
  firstPaymentMethodProblem,
  PAYMENT_METHOD_LIMITS,
  PAYMENT_METHOD_MESSAGES,
  type PaymentMethodForm,
  type SavedPaymentMethod,
} from '@store/core';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { AddressFields, addressFieldOfProblem } from '../../../components/ui/address-fields';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CellTextField, FieldCell } from '../../../components/ui/form-cell';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { SelectField } from '../../../components/ui/text-field';
import { useFormProblem } from '../../../components/ui/use-form-problem';
import { ApiError } from '../../../lib/api-client';
import { useAddresses } from '../../../lib/address-book';
import { savePaymentToken } from '../api/save-payment-token';
import { tokenizePaymentMethod } from '../api/tokenize';
import { useCardFrame } from '../hooks/use-card-frame';
import {
  isBillingAddressBlank,
  prefilledPaymentMethodForm,
  withBillingAddress,
  type AccountHolder,
} from '../utils/payment-method-prefill';
import styles from './account-page.module.css';
import { CardFrameField } from './card-frame-field';
import dialogStyles from './add-payment-method-dialog.module.css';

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
function expiryYears(now = new Date()): string[] {
  return Array.from({ length: 10 }, (_, index) => String(now.getFullYear() + index));
}

type FormField = keyof PaymentMethodForm;

/**
 * The field a problem is about, so that the message stands under it and the field is marked invalid; none
 * for a problem of the whole (the gateway, the network).
 */
function fieldOfProblem(message: string, form: PaymentMethodForm): FormField | null {
  const m = PAYMENT_METHOD_MESSAGES;
  const addressField = addressFieldOfProblem(message, m.holderName);
  if (addressField && addressField !== 'address2') return addressField;
  if (message === m.email || EMAIL_MESSAGES.includes(message)) return 'email';
  const fields: Partial<Record<string, FormField>> = {
    [m.cardNumber]: 'accountNumber',
    [m.routingNumber]: 'routingNumber',
    [m.accountNumber]: 'accountNumber',
    [m.bankName]: 'bankName',
  };
  if (message === m.expiry)
    return (form.expiryMonth ?? '') === '' || form.expiryYear ? 'expiryMonth' : 'expiryYear';
  return fields[message] ?? null;
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
  account,
  onClose,
  onAdded,
}: {
  userId: string;
  /** The account's name and email: the form starts with them rather than asking again. */
  account: AccountHolder;
  onClose: () => void;
  onAdded: (method: SavedPaymentMethod) => void;
}) {
  // The address book's default is the billing address it starts with (decision 050).
  const addressBook = useAddresses(userId).data;
  const defaultAddress = addressBook?.find((address) => address.isDefault) ?? addressBook?.[0];
  const [form, setForm] = useState<PaymentMethodForm>(() =>
    prefilledPaymentMethodForm(EMPTY_FORM, account, defaultAddress),
  );
  // An address book that answers after the dialog opened fills the billing address, unless it was typed.
  const [billingFilledFrom, setBillingFilledFrom] = useState(defaultAddress?.id ?? null);
  if (defaultAddress && billingFilledFrom === null) {
    setBillingFilledFrom(defaultAddress.id);
    if (isBillingAddressBlank(form)) setForm(withBillingAddress(form, defaultAddress));
  }
  const { error, setError, formRef } = useFormProblem();
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  const errorId = useId();
  const card = form.mode === 'CC';
  // The card number is typed in the gateway's frame (decision 054); a bank account in the form.
  const { frameRef, frame } = useCardFrame(card);

  const problemField = error ? fieldOfProblem(error, form) : null;

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
    setBusy(true);
    // The frame's token stands for the number in the spec's checks: it is as long as the card number.
    const frameToken = card ? await frame.tokenWhenReady() : null;
    const problem = firstPaymentMethodProblem(card ? { ...form, accountNumber: frameToken ?? '' } : form);
    if (problem) {
      setError(problem);
      setBusy(false);
      return;
    }
    setError(null);
    // A card's token came from the frame (the checks above refused none); a bank account's from the proxy.
    let token = frameToken;
    if (!token) {
      try {
        token = await tokenizePaymentMethod(form);
      } catch (failure) {
        setError(failureText(failure, 'tokenize'));
        setBusy(false);
        return;
      }
    }
    try {
      const saved = await savePaymentToken({
        userId,
        tokenId: token,
        paymentType: form.mode,
        holderName: form.name.trim(),
        // CardSecure's tokens end with the account's last 4; the server takes them from the token too.
        last4: card ? token.slice(-4) : form.accountNumber.trim().slice(-4),
        ...(card
          ? {
              cardEntryId: frame.entryId ?? undefined,
              expiryMonth: form.expiryMonth,
              expiryYear: form.expiryYear,
            }
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
      // The entry and its token are spent: the card is typed again in a new frame.
      if (card) frame.retry();
    } finally {
      setBusy(false);
    }
  };

  const problemOf = (key: FormField) => (problemField === key ? error : null);
  /** A grid cell: the field and, when it is at fault, its message. */
  const cell = (key: FormField, content: ReactNode) => (
    <FieldCell problem={problemOf(key)} errorId={errorId}>
      {content}
    </FieldCell>
  );
  const field = (label: string, key: FormField, extra: Record<string, unknown> = {}, wide = false) => (
    <CellTextField
      label={label}
      value={String(form[key] ?? '')}
      onChange={set(key)}
      problem={problemOf(key)}
      errorId={errorId}
      disabled={busy || added}
      wide={wide}
      {...extra}
    />
  );

  return (
    <Modal
      title="Add Payment Method"
      subtitle="Card numbers are typed in our payment processor’s secure field; we keep only the last 4 digits."
      onClose={onClose}
      dismissible={!busy}
      size="large"
      footer={
        <>
          {added && (
            <p role="status" className={`${styles.success} ${dialogStyles.footerStatus}`}>
              Payment method added.
            </p>
          )}
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
        ref={formRef}
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
        <div className={styles.grid}>
          <AddressFields
            values={form}
            onChange={(key, value) => setForm((current) => ({ ...current, [key]: value }))}
            nameLabel="Account holder name"
            problem={error}
            problemField={problemField}
            errorId={errorId}
            disabled={busy || added}
            stateLimit={form.country === 'US' ? PAYMENT_METHOD_LIMITS.state : PAYMENT_METHOD_LIMITS.text}
            beforePhone={field('Email', 'email', { type: 'email', autoComplete: 'email', maxLength: 254 })}
          />
          {card ? (
            <>
              <FieldCell problem={problemOf('accountNumber')} errorId={errorId} wide>
                <CardFrameField
                  frame={frame}
                  frameRef={frameRef}
                  invalid={problemField === 'accountNumber' || frame.refused}
                  errorId={errorId}
                  disabled={busy || added}
                />
              </FieldCell>
              {cell(
                'expiryMonth',
                <SelectField
                  label="Expiry month"
                  value={form.expiryMonth}
                  onChange={set('expiryMonth')}
                  errorId={errorId}
                  invalid={problemField === 'expiryMonth'}
                  disabled={busy || added}
                >
                  <option value="">Month</option>
                  {expiryMonthsFor(form.expiryYear).map((month) => (
                    <option key={month}>{month}</option>
                  ))}
                </SelectField>,
              )}
              {cell(
                'expiryYear',
                <SelectField
                  label="Expiry year"
                  value={form.expiryYear}
                  errorId={errorId}
                  invalid={problemField === 'expiryYear'}
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
                </SelectField>,
              )}
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
                    {type === 'SAVINGS' ? 'Savings' : 'Checking'}
                  </option>
                ))}
              </SelectField>
            </>
          )}
        </div>
        {/* A problem of the whole, beside the Save button that sent the form. */}
        {error && problemField === null && <Alert id={errorId}>{error}</Alert>}
      </form>
    </Modal>
  );
}
