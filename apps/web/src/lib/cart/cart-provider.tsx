import { computeCartTotals, type CartTotals, type ProductId } from '@store/core';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useCatalog } from '../catalog/catalog-provider';
import type { CatalogProduct } from '../catalog/storefront-catalog';
import {
  addToLines,
  clampQuantity,
  countItems,
  quantityAdded,
  reconcileCartWithCatalog,
  removeLine,
  setLineQuantity,
  type KeptCartLine,
} from './cart-lines';
import {
  cartIdOf,
  forgetCartCheckout,
  forgetCartId,
  isCartPaidBy,
  markCartCheckout,
  readStoredCart,
  storeCart,
} from './cart-storage';

export interface CartContextValue {
  /** The lines whose products are on sale (all of them once the catalog is read). */
  lines: readonly KeptCartLine[];
  /** Sum of the quantities of every line. */
  itemCount: number;
  /** Priced by @store/core from the catalog on sale: the same arithmetic and prices the server uses. */
  totals: CartTotals;
  /** The catalog's products, for the cart to show its lines with (empty until it is read). */
  products: readonly CatalogProduct[];
  /** What the cart says of lines it removed because their products are no longer sold, until closed. */
  catalogNotice: string | null;
  isOpen: boolean;
  /** The last Add to Cart, when the line limit kept it from adding all that was chosen. */
  limitedAdd: LimitedAdd | null;
  /** True while a checkout call runs: every cart action is disabled. */
  isProcessing: boolean;
  addItem(productId: ProductId, quantity: number): void;
  setQuantity(productId: ProductId, quantity: number): void;
  removeItem(productId: ProductId): void;
  openCart(): void;
  /**
   * Opens the cart to pay again after a payment that did not go through (Try Again, decision 050): the
   * cart says so and puts the keyboard on Pay, until it is closed.
   */
  openCartToPayAgain(): void;
  /** True from `openCartToPayAgain` until the cart is closed. */
  payingAgain: boolean;
  closeCart(): void;
  setProcessing(processing: boolean): void;
  /** Notes the payment request that pays for the cart as it stands, just before the payment is made. */
  markCheckout(requestId: string): void;
  /** Empties the cart if this (successful) payment request paid for it and it has not changed since. */
  emptyIfPaidBy(requestId: string): void;
  /** The cart's id, sent with each checkout attempt: the store takes one payment for it (decision 047). */
  cartId(): string;
  /** The element that had focus when the cart was opened: focus goes back there on close. */
  getOpener(): HTMLElement | null;
}

export interface LimitedAdd {
  productId: ProductId;
  /** The quantity chosen on the product page. */
  chosen: number;
  /** What the line could still take (0 when it was full already). */
  added: number;
}

const CartContext = createContext<CartContextValue | null>(null);

/**
 * The cart lives for the browser tab (sessionStorage, docs/decisions/024): after the hosted payment page, a
 * decline or a cancel the shopper finds it as it was. Only a successful payment empties it.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const [lines, setLines] = useState<readonly KeptCartLine[]>(readStoredCart);
  const { products } = useCatalog();
  const [catalogNotice, setCatalogNotice] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [isProcessing, setProcessing] = useState(false);
  const [payingAgain, setPayingAgain] = useState(false);
  const [limitedAdd, setLimitedAdd] = useState<LimitedAdd | null>(null);
  // Read at the moment of the click, before the page behind the dialog becomes inert and loses focus.
  const openerRef = useRef<HTMLElement | null>(null);
  const rememberOpener = useCallback(() => {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  const getOpener = useCallback(() => {
    const opener = openerRef.current;
    return opener?.isConnected ? opener : null;
  }, []);

  useEffect(() => storeCart(lines), [lines]);

  // Each catalog read (the page's, and the one after a refused checkout) is the cart's check: a product
  // withdrawn meanwhile leaves the cart, and the cart says which. Done as the new catalog renders, so no
  // frame shows a line the store no longer sells.
  const [heldAgainst, setHeldAgainst] = useState<typeof products>(null);
  if (products && products !== heldAgainst) {
    setHeldAgainst(products);
    const held = reconcileCartWithCatalog(lines, products);
    if (held.changed) setLines(held.lines);
    if (held.removed.length > 0) setCatalogNotice(held.removed.join(' '));
  }
  // The cart changed under the payment request that was paying for it: that payment no longer empties it.
  useEffect(() => {
    if (catalogNotice) forgetCartCheckout();
  }, [catalogNotice]);

  // Coming back from the payment page with the browser's Back button restores this page from the
  // back/forward cache with the processing flag still set; release it so the cart is usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setProcessing(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const addItem = useCallback(
    (productId: ProductId, quantity: number) => {
      if (isProcessing) return;
      forgetCartCheckout();
      const chosen = clampQuantity(quantity);
      const added = quantityAdded(lines, productId, chosen);
      // Said in the cart: a silent cap would leave the shopper believing all they chose was added.
      setLimitedAdd(added < chosen ? { productId, chosen, added } : null);
      const name = products?.find((product) => product.id === productId)?.name;
      setLines((current) =>
        addToLines(current, productId, quantity).map((line) =>
          line.productId === productId && name ? { ...line, name } : line,
        ),
      );
      if (!isOpen) rememberOpener();
      setIsOpen(true);
    },
    [isProcessing, isOpen, rememberOpener, lines, products],
  );

  const setQuantity = useCallback(
    (productId: ProductId, quantity: number) => {
      if (isProcessing) return;
      forgetCartCheckout();
      setLimitedAdd(null);
      setLines((current) => setLineQuantity(current, productId, quantity));
    },
    [isProcessing],
  );

  const removeItem = useCallback(
    (productId: ProductId) => {
      if (isProcessing) return;
      forgetCartCheckout();
      setLimitedAdd(null);
      setLines((current) => removeLine(current, productId));
    },
    [isProcessing],
  );

  const openCart = useCallback(() => {
    if (!isOpen) rememberOpener();
    setIsOpen(true);
  }, [isOpen, rememberOpener]);
  const openCartToPayAgain = useCallback(() => {
    if (!isOpen) rememberOpener();
    setPayingAgain(true);
    setIsOpen(true);
  }, [isOpen, rememberOpener]);
  const closeCart = useCallback(() => {
    if (isProcessing) return;
    setIsOpen(false);
    setPayingAgain(false);
    setLimitedAdd(null);
    setCatalogNotice(null);
  }, [isProcessing]);

  const markCheckout = useCallback((requestId: string) => markCartCheckout(requestId), []);
  const emptyIfPaidBy = useCallback((requestId: string) => {
    if (!isCartPaidBy(requestId)) return;
    forgetCartCheckout();
    forgetCartId();
    setLines([]);
  }, []);
  const cartId = useCallback(() => cartIdOf(), []);

  const value = useMemo<CartContextValue>(() => {
    const catalog = products ?? [];
    // Until the catalog is read a stored line may name a product it does not hold yet: it waits unshown.
    const sold = lines.filter((line) => catalog.some((product) => product.id === line.productId));
    return {
      lines: sold,
      itemCount: countItems(sold),
      totals: computeCartTotals(sold, catalog),
      products: catalog,
      catalogNotice,
      isOpen,
      limitedAdd,
      isProcessing,
      addItem,
      setQuantity,
      removeItem,
      openCart,
      openCartToPayAgain,
      payingAgain,
      closeCart,
      setProcessing,
      markCheckout,
      emptyIfPaidBy,
      cartId,
      getOpener,
    };
  }, [
    lines,
    products,
    catalogNotice,
    isOpen,
    limitedAdd,
    isProcessing,
    addItem,
    setQuantity,
    removeItem,
    openCart,
    openCartToPayAgain,
    payingAgain,
    closeCart,
    markCheckout,
    emptyIfPaidBy,
    cartId,
    getOpener,
  ]);

  return <CartContext value={value}>{children}</CartContext>;
}

export function useCart(): CartContextValue {
  const context = use(CartContext);
  if (!context) throw new Error('useCart must be used inside <CartProvider>');
  return context;
}
