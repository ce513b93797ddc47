import { formatCents, SALES_TAX_PERCENT, type SavedAddress } from '@store/core';
import { useEffect, useRef, useState } from 'react';
import { limitNote } from '../../../lib/cart/cart-lines';
import { useCart } from '../../../lib/cart/cart-provider';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CartIcon, CloseIcon, LockIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useCustomerUser } from '../../../lib/customer-session';
import { hasAnotherSavedMethod, preselectedMethod } from '../../../lib/method-label';
import { useAddresses } from '../../../lib/address-book';
import { useCheckout } from '../hooks/use-checkout';
import { draftOf, useDelivery } from '../hooks/use-delivery';
import { CartLineItem } from './cart-line';
import { DeliveryDetails } from './delivery-details';
import styles from './cart-panel.module.css';
import { HOSTED_PAGE, PaymentChoice } from './payment-choice';
import { WalletButtons } from './wallet-buttons';

const NO_ADDRESSES: readonly SavedAddress[] = [];

/** Matches the slide-out animation in cart-panel.module.css. */
const CLOSE_ANIMATION_MS = 220;

/** The slide-in cart: a modal dialog on the right (full width on phones). */
export function CartPanel() {
  const cart = useCart();
  const { isOpen, closeCart } = cart;
  const [rendered, setRendered] = useState(isOpen);
  if (isOpen && !rendered) setRendered(true);

  // Keep the panel mounted while it slides out, then drop it from the page.
  useEffect(() => {
    if (isOpen || !rendered) return;
    const timer = setTimeout(() => setRendered(false), CLOSE_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [isOpen, rendered]);

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeCart();
    };
    document.addEventListener('keydown', onKeyDown);
    const { overflow } = document.documentElement.style;
    document.documentElement.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.documentElement.style.overflow = overflow;
    };
  }, [isOpen, closeCart]);

  if (!rendered) return null;
  return <CartDialog isOpen={isOpen} />;
}

function CartDialog({ isOpen }: { isOpen: boolean }) {
  const {
    lines,
    totals,
    itemCount,
    isProcessing,
    closeCart,
    setQuantity,
    removeItem,
    getOpener,
    limitedAdd,
    payingAgain,
    products,
    catalogNotice,
  } = useCart();
  const { pay, payWithSavedMethod, payWithGooglePay, payWithApplePay, reportWalletProblem, failure } =
    useCheckout();
  const user = useCustomerUser();
  const savedMethods = user?.paymentMethods ?? [];
  const [chosenId, setChosenId] = useState<string | null>(null);
  // Saved methods declined in this cart: marked, and not offered again until the cart is opened anew.
  const [declinedIds, setDeclinedIds] = useState<ReadonlySet<string>>(() => new Set());
  // The default method is preselected, else the first (product §4); HOSTED_PAGE is "pay another way".
  const chosen = chosenId ?? preselectedMethod(savedMethods)?.id ?? HOSTED_PAGE;
  const delivery = useDelivery();
  const addressBook = useAddresses(user?.id).data;
  const savedAddresses = addressBook ?? NO_ADDRESSES;
  const { draft, adopt, setDraft } = delivery;
  // A customer's contact is their account's email, and their default address is preselected, as the
  // default payment method is, unless the tab already holds another address.
  useEffect(() => {
    if (!user) return;
    const preselected = savedAddresses[0];
    if (draft.name === '' && preselected) adopt(draftOf(preselected, user.email));
    else if (draft.email !== user.email) setDraft({ ...draft, email: user.email });
  }, [user, savedAddresses, draft, adopt, setDraft]);
  const payNow = () => {
    const checked = delivery.confirm();
    if (!checked) return;
    if (!user || chosen === HOSTED_PAGE || !savedMethods.some((method) => method.id === chosen)) {
      return pay(checked);
    }
    return payWithSavedMethod(
      user.id,
      chosen,
      checked,
      hasAnotherSavedMethod(savedMethods, chosen, declinedIds),
    ).then((failed) => {
      if (!failed) return;
      // Another saved method to choose: the list opens on "Pay another way", the spec's fallback, with the
      // declined method marked; nothing is paid until the customer presses Pay again.
      if (failed.declined) setDeclinedIds((current) => new Set([...current, failed.paymentMethodId]));
      setChosenId(HOSTED_PAGE);
    });
  };
  const panelRef = useRef<HTMLDivElement>(null);
  const payRef = useRef<HTMLButtonElement>(null);

  // Move focus into the dialog when it opens (onto Pay when it opened to pay again) and give it back to
  // whatever opened it when it closes.
  useEffect(() => {
    if (!isOpen) return;
    (payingAgain ? payRef.current : null)?.focus();
    if (!payingAgain || !payRef.current) panelRef.current?.focus();
    return () => getOpener()?.focus();
  }, [isOpen, getOpener, payingAgain]);

  const isEmpty = lines.length === 0;

  return (
    <div className={styles.root} data-state={isOpen ? 'open' : 'closed'}>
      <div className={styles.backdrop} aria-hidden="true" onClick={closeCart} />
      <div
        ref={panelRef}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-title"
        aria-describedby="cart-count"
        aria-busy={isProcessing}
        tabIndex={-1}
      >
        <div className={styles.header}>
          <div>
            <h2 id="cart-title" className={styles.title}>
              Your Cart
            </h2>
            <p id="cart-count" className={styles.count}>
              {itemCount === 0 ? 'No items yet' : `${itemCount} ${itemCount === 1 ? 'item' : 'items'}`}
            </p>
          </div>
          <button
            type="button"
            className={styles.close}
            onClick={closeCart}
            disabled={isProcessing}
            aria-label="Close cart"
          >
            <CloseIcon size={20} />
          </button>
        </div>

        {/* One scroll for items and payment: on a short screen neither squeezes the other out of sight. */}
        <div className={styles.scroller}>
          <div className={styles.body}>
            {/* Said once: a refused payment that says the same is already on screen. */}
            {catalogNotice && catalogNotice !== failure?.message && (
              <Alert tone="warning" className={styles.alert}>
                {catalogNotice}
              </Alert>
            )}
            {isEmpty ? (
              <div className={styles.empty}>
                <span className={styles.emptyIcon} aria-hidden="true">
                  <CartIcon size={40} />
                </span>
                <h3 className={styles.emptyTitle}>Your cart is empty</h3>
                <p className={styles.emptyText}>Add a product and it will show up here.</p>
                <Button variant="secondary" onClick={closeCart}>
                  Continue shopping
                </Button>
              </div>
            ) : (
              <ul className={styles.lines} aria-label="Items in your cart">
                {totals.lines.map((line) => {
                  const product = products.find((candidate) => candidate.id === line.productId);
                  if (!product) return null;
                  return (
                    <CartLineItem
                      key={line.productId}
                      line={line}
                      product={product}
                      disabled={isProcessing}
                      onQuantityChange={(quantity) => setQuantity(line.productId, quantity)}
                      onRemove={() => removeItem(line.productId)}
                      note={
                        limitedAdd?.productId === line.productId
                          ? limitNote(limitedAdd.chosen, limitedAdd.added)
                          : null
                      }
                    />
                  );
                })}
              </ul>
            )}
          </div>

          {!isEmpty && (
            <div className={styles.footer}>
              <dl className={styles.summary}>
                <dt>Subtotal</dt>
                <dd>{formatCents(totals.subtotalCents)}</dd>
                <dt>Tax ({SALES_TAX_PERCENT}%)</dt>
                <dd>{formatCents(totals.taxCents)}</dd>
                <dt className={styles.totalTerm}>Total</dt>
                <dd className={styles.totalValue}>{formatCents(totals.totalCents)}</dd>
              </dl>

              <DeliveryDetails
                draft={draft}
                onDraftChange={setDraft}
                editing={delivery.editing}
                onEdit={delivery.edit}
                problem={delivery.problem}
                problemAttempt={delivery.problemAttempt}
                accountEmail={user?.email}
                savedAddresses={savedAddresses}
                disabled={isProcessing}
              />

              {savedMethods.length > 0 && (
                <PaymentChoice
                  methods={savedMethods}
                  chosen={chosen}
                  onChoose={setChosenId}
                  declined={declinedIds}
                  disabled={isProcessing}
                />
              )}

              {payingAgain && (
                <p className={styles.payAgainNote} role="status">
                  Your cart and delivery details are as you left them: pay again, with another card or another
                  way.
                </p>
              )}

              {failure && (
                <Alert key={failure.id} className={styles.alert}>
                  {failure.message}
                </Alert>
              )}

              <Button
                ref={payRef}
                size="large"
                block
                className={styles.pay}
                onClick={() => void payNow()}
                disabled={isProcessing}
                aria-busy={isProcessing}
              >
                {isProcessing ? (
                  <>
                    <Spinner />
                    Processing…
                  </>
                ) : (
                  <>
                    <LockIcon size={18} />
                    Pay {formatCents(totals.totalCents)}
                  </>
                )}
              </Button>
              <p className={styles.secureNote}>
                <LockIcon size={14} />
                {chosen === HOSTED_PAGE
                  ? 'You will enter your card on our payment partner\u2019s secure page.'
                  : 'Your saved payment method is charged securely through our payment partner.'}
              </p>

              <WalletButtons
                totalCents={totals.totalCents}
                disabled={isProcessing}
                onGooglePayToken={(token, delivery) => void payWithGooglePay(token, delivery)}
                onApplePay={payWithApplePay}
                onProblem={reportWalletProblem}
              />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
