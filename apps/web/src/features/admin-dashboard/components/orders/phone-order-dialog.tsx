import {
  isCardExpired,
  centsToDollars,
  type AdminCustomer,
  type AdminCustomerMethod,
  type ProductId,
} from '@store/core';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Modal } from '../../../../components/ui/modal';
import { SelectField } from '../../../../components/ui/text-field';
import { useTakePhoneOrder, type TakePhoneOrderAnswer } from '../../api/orders/take-phone-order';
import { failureText, isUnconfirmed, listFailureText, mayHaveBeenDone } from '../../utils/admin-errors';
import { isUnsettledFailure, newIdempotencyKey } from '../../utils/idempotency-keys';
import { addressOptionText, defaultAddressId } from '../../utils/orders/customer-address';
import { noQuantities, orderCatalogOf, readOrderLines } from '../../utils/orders/order-lines';
import { useProducts } from '../../api/products/list-products';
import { AmountFormFooter } from '../dialog-parts';
import { ProductPicker } from './product-picker';
import dialog from '../dialog.module.css';

export interface PhoneOrderDialogProps {
  customer: AdminCustomer;
  onClose: () => void;
  /** The order was taken (authorized): the dialog closes and the page says so. */
  onTaken: (answer: TakePhoneOrderAnswer) => void;
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

/**
 * An order taken by telephone (decision 033): the products and quantities the caller asks for, priced by
 * the core's one rule (the server prices it again and refuses a different total), one of the customer's
 * addresses and one of their saved methods. No card number is typed here: the customer's saved method pays.
 * A refusal (a decline and its reason) stays in the dialog for the operator to read out.
 */
export function PhoneOrderDialog({ customer, onClose, onTaken }: PhoneOrderDialogProps) {
  const take = useTakePhoneOrder();
  const formId = useId();
  // One order per opening: its retries share an Idempotency-Key.
  const [orderToken, setOrderToken] = useState(newIdempotencyKey);
  const [quantities, setQuantities] = useState(noQuantities);
  const methods = useMemo(
    () => customer.savedMethods.map((method) => ({ method, expired: isExpiredMethod(method) })),
    [customer.savedMethods],
  );
  const usable = methods.filter((entry) => !entry.expired).map((entry) => entry.method);
  const [methodId, setMethodId] = useState(
    () => (usable.find((method) => method.isDefault) ?? usable[0])?.id ?? '',
  );
  const [addressId, setAddressId] = useState(() => defaultAddressId(customer.addresses));
  // The customer's page is read again after a refusal: a method or an address removed meanwhile (the
  // caller did it in My Account) is no longer chosen, and the operator chooses again.
  const chosenMethod = usable.some((method) => method.id === methodId) ? methodId : '';
  const chosenAddress = customer.addresses.some((address) => address.id === addressId) ? addressId : '';
  const [failure, setFailure] = useState<{ text: string; unconfirmed: boolean } | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  // The reason is read out to the caller: brought into view at the foot of a form that may scroll.
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: 'nearest' });
  }, [failure]);
  const busy = take.isPending;
  const locked = failure?.unconfirmed === true;

  // The catalog as it stands, kept fresh while the dialog is open: prices and stock may move meanwhile.
  const catalogQuery = useProducts();
  const catalog = useMemo(() => orderCatalogOf(catalogQuery.data ?? []), [catalogQuery.data]);
  const catalogProblem =
    catalogQuery.data !== undefined
      ? null
      : catalogQuery.isError
        ? listFailureText(catalogQuery.error, 'products')
        : 'Loading products…';
  const order = readOrderLines(quantities, catalog);
  const { lines, totals } = order;
  const ready = totals !== null && chosenMethod !== '' && chosenAddress !== '' && !locked;

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
        addressId: chosenAddress,
        methodId: chosenMethod,
        orderToken,
      });
      onTaken(answer);
      onClose();
    } catch (caught) {
      // A 502 or another server failure: the order may have been taken and its payment held, so the form
      // is locked until the operator has looked at the customer's orders.
      const unconfirmed = mayHaveBeenDone(caught);
      // A final refusal ends this attempt; with no final answer the next send is the same order (same key).
      if (!isUnsettledFailure(caught)) setOrderToken(newIdempotencyKey());
      setFailure({
        text: isUnconfirmed(caught)
          ? failureText(
              caught,
              'The gateway did not confirm the payment: check the orders before trying again.',
            )
          : unconfirmed
            ? 'The store failed while taking the order, which may have been taken: check the customer’s orders before trying again.'
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
        <ProductPicker
          catalogProblem={catalogProblem}
          quantities={quantities}
          order={order}
          onChange={change}
          disabled={busy || locked}
        />

        <div className={dialog.choices}>
          <SelectField
            label="Deliver to"
            value={chosenAddress}
            disabled={busy || locked}
            onChange={(event) => setAddressId(event.target.value)}
          >
            {chosenAddress === '' && (
              <option value="" disabled>
                Choose an address
              </option>
            )}
            {customer.addresses.map((address) => (
              <option key={address.id} value={address.id}>
                {addressOptionText(address)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Pay with"
            value={chosenMethod}
            disabled={busy || locked || usable.length === 0}
            onChange={(event) => setMethodId(event.target.value)}
          >
            {usable.length === 0 && <option value="">No usable saved method</option>}
            {usable.length > 0 && chosenMethod === '' && (
              <option value="" disabled>
                Choose how the customer pays
              </option>
            )}
            {methods.map(({ method, expired }) => (
              // An expired card would only be declined: listed, so the operator can say why, never chosen.
              <option key={method.id} value={method.id} disabled={expired}>
                {methodOptionText(method, expired)}
              </option>
            ))}
          </SelectField>
          {usable.length === 0 && (
            <p className={dialog.note}>
              {methods.length === 0
                ? 'The customer has no saved method any more'
                : 'Every saved card has expired'}
              : close this and send the customer a payment link instead (Send payment link).
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
