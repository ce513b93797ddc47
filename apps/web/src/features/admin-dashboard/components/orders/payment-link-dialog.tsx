import { formatCents, dollarsToCents, type AdminCustomer, type ProductId } from '@store/core';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { AddressFields } from '../../../../components/ui/address-fields';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { CellTextField } from '../../../../components/ui/form-cell';
import { CheckCircleIcon } from '../../../../components/ui/icons';
import { Modal } from '../../../../components/ui/modal';
import { SelectField } from '../../../../components/ui/text-field';
import { useFormProblem } from '../../../../components/ui/use-form-problem';
import { useCreatePaymentLink, type CreatePaymentLinkAnswer } from '../../api/orders/create-payment-link';
import { failureText, listFailureText } from '../../utils/admin-errors';
import { addressOptionText, defaultAddressId } from '../../utils/orders/customer-address';
import { formatDateTime } from '../../utils/format-date';
import { isUnsettledFailure, newIdempotencyKey } from '../../utils/idempotency-keys';
import { noQuantities, orderCatalogOf, readOrderLines } from '../../utils/orders/order-lines';
import { useProducts } from '../../api/products/list-products';
import {
  EMPTY_TYPED_DELIVERY,
  paymentLinkRequestOf,
  type LinkPayer,
  type LinkRequestField,
  type TypedDelivery,
} from '../../utils/orders/payment-link-request';
import { CopyLinkButton } from './copy-link-button';
import { AmountFormFooter } from '../dialog-parts';
import { ProductPicker } from './product-picker';
import dialog from '../dialog.module.css';
import styles from './payment-links.module.css';

/** The address select's choice of typing an address rather than taking one of the customer's. */
const NEW_ADDRESS = 'new';

export interface PaymentLinkDialogProps {
  /** The customer the link is for; none for a caller who is not a customer. */
  customer?: AdminCustomer;
  onClose: () => void;
}

/**
 * A payment link (decision 034): the products and quantities the caller asks for, priced as the phone
 * order prices them, and where the order goes: one of the customer's addresses or a typed one, or for a
 * caller who is not a customer, their email, name and address. The store emails the link; the dialog then
 * shows it, to read out or copy.
 */
export function PaymentLinkDialog({ customer, onClose }: PaymentLinkDialogProps) {
  const create = useCreatePaymentLink();
  const formId = useId();
  const errorId = useId();
  // One link per opening: its retries share an Idempotency-Key.
  const [linkToken, setLinkToken] = useState(newIdempotencyKey);
  const [quantities, setQuantities] = useState(noQuantities);
  const addresses = customer?.addresses ?? [];
  const [addressChoice, setAddressChoice] = useState(() => defaultAddressId(addresses) || NEW_ADDRESS);
  const [typed, setTyped] = useState<TypedDelivery>(EMPTY_TYPED_DELIVERY);
  const { error: problem, setError: setProblem, formRef } = useFormProblem();
  const [problemField, setProblemField] = useState<LinkRequestField | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<CreatePaymentLinkAnswer | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const copyRef = useRef<HTMLButtonElement>(null);
  const busy = create.isPending;
  const typing = addressChoice === NEW_ADDRESS;
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
  const { totals } = order;

  // The refusal is read out to the caller: brought into view at the foot of a form that may scroll.
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: 'nearest' });
  }, [failure]);
  // Once sent, the keyboard is on the link's Copy button.
  useEffect(() => {
    if (sent) copyRef.current?.focus();
  }, [sent]);

  const changeQuantity = (productId: ProductId, text: string) => {
    setQuantities((current) => ({ ...current, [productId]: text }));
    setFailure(null);
  };
  const changeTyped = (field: keyof TypedDelivery, value: string) => {
    setTyped((current) => ({ ...current, [field]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!totals || busy) return;
    const payer: LinkPayer = customer
      ? {
          kind: 'customer',
          customerId: customer.customerId,
          email: customer.email,
          addressId: typing ? null : addressChoice,
        }
      : { kind: 'caller' };
    const checked = paymentLinkRequestOf({ lines: order.lines, totalCents: totals.totalCents }, payer, typed);
    if ('problem' in checked) {
      setProblemField(checked.field);
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    setFailure(null);
    try {
      setSent(await create.mutateAsync({ request: checked.request, linkToken }));
    } catch (caught) {
      // A final refusal ends this attempt; with no final answer the next send is the same link (same key).
      if (!isUnsettledFailure(caught)) setLinkToken(newIdempotencyKey());
      setFailure(failureText(caught, 'Failed to send the payment link'));
    }
  };

  const title = customer ? 'Send payment link' : 'New payment link';
  const subtitle = customer ? (
    <>
      Customer <strong>{customer.customerId}</strong> · {customer.name}
    </>
  ) : (
    'For a caller without an account: the store emails them a link to pay on the payment page.'
  );

  if (sent) {
    const { link, mailServer } = sent;
    return (
      <Modal
        title={title}
        subtitle={subtitle}
        size="large"
        onClose={onClose}
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <div className={dialog.stack}>
          <div className={dialog.outcome} role="status">
            <span className={dialog.outcomeIcon} aria-hidden="true">
              <CheckCircleIcon size={32} />
            </span>
            <p className={dialog.outcomeTitle}>Payment link ready</p>
            {/* Queued is all the store knows now: Sent emails tells when the mail server took it. */}
            <p className={dialog.outcomeText}>
              {mailServer ? (
                <>
                  An email with the link to pay {formatCents(dollarsToCents(link.total))} is queued for{' '}
                  <strong className={styles.breakable}>{link.email}</strong>.
                </>
              ) : (
                <>
                  No mail server is set, so no email will be sent to{' '}
                  <strong className={styles.breakable}>{link.email}</strong>: copy the link and give it to
                  them.
                </>
              )}{' '}
              It can be paid until {formatDateTime(link.expiresAt)}.
            </p>
          </div>
          <div className={styles.created}>
            <p className={styles.label}>Payment link</p>
            <p className={styles.url}>{link.url}</p>
            <div>
              <CopyLinkButton url={link.url} ref={copyRef} />
            </div>
          </div>
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      title={title}
      subtitle={subtitle}
      size="large"
      onClose={onClose}
      dismissible={!busy}
      footer={
        <AmountFormFooter
          formId={formId}
          verb="Send link for"
          idleText="Send link"
          busyText="Sending…"
          cents={totals ? totals.totalCents : null}
          busy={busy}
          onCancel={onClose}
        />
      }
    >
      <form
        ref={formRef}
        id={formId}
        className={dialog.stack}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <ProductPicker
          catalogProblem={catalogProblem}
          quantities={quantities}
          order={order}
          onChange={changeQuantity}
          disabled={busy}
        />

        {customer && addresses.length > 0 && (
          <div className={dialog.choices}>
            <SelectField
              label="Deliver to"
              value={addressChoice}
              disabled={busy}
              onChange={(event) => setAddressChoice(event.target.value)}
            >
              {addresses.map((address) => (
                <option key={address.id} value={address.id}>
                  {addressOptionText(address)}
                </option>
              ))}
              <option value={NEW_ADDRESS}>A new address</option>
            </SelectField>
          </div>
        )}

        {(typing || !customer) && (
          <fieldset className={styles.fields}>
            <legend className={styles.legend}>{customer ? 'Delivery address' : 'Payer and delivery'}</legend>
            {!customer && (
              <CellTextField
                label="Email"
                type="email"
                autoComplete="off"
                maxLength={254}
                value={typed.email}
                onChange={(event) => changeTyped('email', event.target.value)}
                problem={problemField === 'email' ? problem : null}
                errorId={errorId}
                disabled={busy}
                wide
              />
            )}
            <AddressFields
              values={typed}
              onChange={changeTyped}
              nameLabel="Full name"
              problem={problem}
              problemField={problemField}
              errorId={errorId}
              disabled={busy}
              secondLine
              stateLimit={typed.country === 'US' ? 2 : 100}
            />
          </fieldset>
        )}
        {problem && problemField === null && <Alert id={errorId}>{problem}</Alert>}

        {customer && (
          <p className={styles.dates}>
            The link is emailed to <strong className={styles.breakable}>{customer.email}</strong>.
          </p>
        )}

        {failure && (
          <div ref={failureRef}>
            <Alert>Not sent: {failure}</Alert>
          </div>
        )}
      </form>
    </Modal>
  );
}
