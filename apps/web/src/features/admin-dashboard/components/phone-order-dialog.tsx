import {
  CATALOG,
  computeCartTotals,
  formatCents,
  isCardExpired,
  MAX_LINE_QUANTITY,
  centsToDollars,
  type AdminCustomer,
  type AdminCustomerMethod,
  type CartLine,
  type ProductId,
} from '@store/core';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/text-field';
import { useTakePhoneOrder, type TakePhoneOrderAnswer } from '../api/take-phone-order';
import { failureText, isUnconfirmed } from '../utils/admin-errors';
import { isUnsettledFailure, newIdempotencyKey } from '../utils/idempotency-keys';
import { AmountFormFooter } from './dialog-parts';
import dialog from './dialog.module.css';
import styles from './phone-order-dialog.module.css';

export interface PhoneOrderDialogProps {
  customer: AdminCustomer;
  onClose: () => void;
  /** The order was taken (authorized): the dialog closes and the page says so. */
  onTaken: (answer: TakePhoneOrderAnswer) => void;
}

/** A quantity as typed: a whole number from 0 to the storefront's limit per line, else null. */
function readQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^[0-9]{1,4}$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity <= MAX_LINE_QUANTITY ? quantity : null;
}

/** True for a card whose expiry month has ended: the gateway would only decline it. */
function isExpiredMethod(method: AdminCustomerMethod, now: Date = new Date()): boolean {
  if (method.kind !== 'card' || method.expiryMonth === undefined || method.expiryYear === undefined) {
    return false;
  }
  return isCardExpired(String(method.expiryMonth), String(method.expiryYear), now);
}

/** "VISA ending 1111 · expires 12/2030", "First Sandbox Bank account ending 3210". */
function methodOptionText(method: AdminCustomerMethod, expired: boolean): string {
  const parts =
    method.kind === 'ach'
      ? [`${method.bankName ?? 'Bank'} account ending ${method.last4}`]
      : [`${method.cardBrand ?? 'Card'} ending ${method.last4}`];
  if (method.expiryMonth !== undefined && method.expiryYear !== undefined) {
    const date = `${String(method.expiryMonth).padStart(2, '0')}/${method.expiryYear}`;
    parts.push(expired ? `expired ${date}` : `expires ${date}`);
  }
  if (method.isDefault) parts.push('default');
  return parts.join(' · ');
}

/** "Ada Lovelace, 12 St James Square, London" (and "default"). */
function addressOptionText(address: AdminCustomer['addresses'][number]): string {
  const text = [address.name, address.address, address.address2, address.city, address.state, address.zip]
    .filter(Boolean)
    .join(', ');
  return address.isDefault ? `${text} · default` : text;
}

/**
 * An order taken by telephone (decision 033): the products and quantities the caller asks for, priced by
 * the core's one rule (the server prices it again and refuses a different total), one of the customer's
 * addresses and one of their saved methods. No card number is typed here: the customer's saved method pays.
 * A refusal (a decline and its reason) stays in the dialog for the operator to read out.
 */
export function PhoneOrderDialog({ customer, onClose, onTaken }: PhoneOrderDialogProps) {
  const take = useTakePhoneOrder();
  const formId = useId();
  const errorId = useId();
  // One order per opening: its retries share an Idempotency-Key.
  const [orderToken, setOrderToken] = useState(newIdempotencyKey);
  const [quantities, setQuantities] = useState<Record<ProductId, string>>(
    () => Object.fromEntries(CATALOG.map((product) => [product.id, '0'])) as Record<ProductId, string>,
  );
  const methods = useMemo(
    () => customer.savedMethods.map((method) => ({ method, expired: isExpiredMethod(method) })),
    [customer.savedMethods],
  );
  const usable = methods.filter((entry) => !entry.expired).map((entry) => entry.method);
  const [methodId, setMethodId] = useState(
    () => (usable.find((method) => method.isDefault) ?? usable[0])?.id ?? '',
  );
  const [addressId, setAddressId] = useState(
    () => (customer.addresses.find((address) => address.isDefault) ?? customer.addresses[0])?.id ?? '',
  );
  const [failure, setFailure] = useState<{ text: string; unconfirmed: boolean } | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  // The reason is read out to the caller: brought into view at the foot of a form that may scroll.
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: 'nearest' });
  }, [failure]);
  const busy = take.isPending;
  const locked = failure?.unconfirmed === true;

  const read = CATALOG.map((product) => ({ product, quantity: readQuantity(quantities[product.id]) }));
  const invalid = read.some((entry) => entry.quantity === null);
  const lines: CartLine[] = read.flatMap(({ product, quantity }) =>
    quantity ? [{ productId: product.id, quantity }] : [],
  );
  const totals = !invalid && lines.length > 0 ? computeCartTotals(lines) : null;
  const ready = totals !== null && methodId !== '' && addressId !== '' && !locked;

  const change = (productId: ProductId, text: string) => {
    setQuantities((current) => ({ ...current, [productId]: text }));
    if (failure && !failure.unconfirmed) setFailure(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setFailure(null);
    try {
      const answer = await take.mutateAsync({
        customerId: String(customer.customerId),
        items: lines,
        amount: centsToDollars(totals.totalCents),
        addressId,
        methodId,
        orderToken,
      });
      onTaken(answer);
      onClose();
    } catch (caught) {
      const unconfirmed = isUnconfirmed(caught);
      // A final refusal ends this attempt; with no final answer the next send is the same order (same key).
      if (!isUnsettledFailure(caught)) setOrderToken(newIdempotencyKey());
      setFailure({
        text: unconfirmed
          ? failureText(
              caught,
              'The gateway did not confirm the payment: check the orders before trying again.',
            )
          : failureText(caught, 'Failed to take the order'),
        unconfirmed,
      });
    }
  };

  return (
    <Modal
      title="New phone order"
      subtitle={
        <>
          Customer <strong>{customer.customerId}</strong> · {customer.name}
        </>
      }
      size="large"
      onClose={onClose}
      dismissible={!busy}
      footer={
        <AmountFormFooter
          formId={formId}
          verb="Charge"
          busyText="Charging…"
          cents={ready ? totals.totalCents : null}
          busy={busy}
          onCancel={onClose}
        />
      }
    >
      <form id={formId} className={dialog.stack} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={styles.products} aria-describedby={invalid ? errorId : undefined}>
          <legend className={styles.legend}>Products</legend>
          {read.map(({ product, quantity }) => {
            const inputId = `${formId}-${product.id}`;
            const lineCents = quantity ? product.priceCents * quantity : 0;
            return (
              <div key={product.id} className={styles.line}>
                <label htmlFor={inputId} className={styles.product}>
                  <span className={styles.productName}>{product.name}</span>
                  <span className={styles.unit}>{formatCents(product.priceCents)} each</span>
                </label>
                <input
                  id={inputId}
                  className={styles.quantity}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_LINE_QUANTITY}
                  step={1}
                  value={quantities[product.id]}
                  aria-invalid={quantity === null}
                  aria-describedby={quantity === null ? errorId : undefined}
                  disabled={busy || locked}
                  onChange={(event) => change(product.id, event.target.value)}
                />
                <span className={styles.lineTotal}>{formatCents(lineCents)}</span>
              </div>
            );
          })}
          {invalid && (
            <p id={errorId} className={styles.problem}>
              A quantity is a whole number from 0 to {MAX_LINE_QUANTITY}.
            </p>
          )}
        </fieldset>

        <dl className={styles.totals}>
          <div>
            <dt>Subtotal</dt>
            <dd>{formatCents(totals?.subtotalCents ?? 0)}</dd>
          </div>
          <div>
            <dt>Tax (5%)</dt>
            <dd>{formatCents(totals?.taxCents ?? 0)}</dd>
          </div>
          <div className={styles.total}>
            <dt>Total</dt>
            <dd>{formatCents(totals?.totalCents ?? 0)}</dd>
          </div>
        </dl>

        <div className={styles.choices}>
          <SelectField
            label="Deliver to"
            value={addressId}
            disabled={busy || locked}
            onChange={(event) => setAddressId(event.target.value)}
          >
            {customer.addresses.map((address) => (
              <option key={address.id} value={address.id}>
                {addressOptionText(address)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Pay with"
            value={methodId}
            disabled={busy || locked || usable.length === 0}
            onChange={(event) => setMethodId(event.target.value)}
          >
            {usable.length === 0 && <option value="">No usable saved method</option>}
            {methods.map(({ method, expired }) => (
              // An expired card would only be declined: listed, so the operator can say why, never chosen.
              <option key={method.id} value={method.id} disabled={expired}>
                {methodOptionText(method, expired)}
              </option>
            ))}
          </SelectField>
          {usable.length === 0 && (
            <p className={dialog.note}>
              Every saved card has expired: the customer adds a new one in My Account before ordering.
            </p>
          )}
        </div>

        {failure && (
          <div ref={failureRef}>
            <Alert tone={failure.unconfirmed ? 'warning' : 'danger'}>
              {failure.unconfirmed ? failure.text : `Not taken: ${failure.text}`}
            </Alert>
          </div>
        )}
      </form>
    </Modal>
  );
}
