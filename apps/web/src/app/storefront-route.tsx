import { Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SiteFooter } from '../components/ui/site-footer';
import { SiteHeader } from '../components/ui/site-header';
import { SkipLink } from '../components/ui/skip-link';
import { opensCart, paysAgain } from '../config/paths';
import { SITE } from '../config/site';
import { StorefrontPage } from '../features/storefront';
import { useCart } from '../lib/cart/cart-provider';
import { lazyPart, loadPart } from './lazy-part';

// The cart panel and the checkout behind it (wallets, payment calls) are a chunk of their own, fetched
// at the shopper's first click or key press, so the storefront shows without waiting for them and the
// panel is there by the time the cart opens.
const importCart = () => import('../features/cart');
const CartPanel = lazyPart(importCart, (module) => module.CartPanel);

/** `/`: the shop, with the cart panel over it. While the cart is open the page behind it is inert. */
export function StorefrontRoute() {
  const { itemCount, isOpen, openCart, openCartToPayAgain } = useCart();
  // Mounted from the first opening on (it keeps itself closed, with its slide-out, afterwards).
  const [cartWanted, setCartWanted] = useState(isOpen);
  if (isOpen && !cartWanted) setCartWanted(true);

  // Back from a payment that did not go through: the cart, as it was, is where the shopper left off. The
  // state is dropped at once, so a reload or a later Back does not open the cart again.
  const location = useLocation();
  const navigate = useNavigate();
  const arrivedForCart = opensCart(location.state);
  const arrivedToPayAgain = paysAgain(location.state);
  useEffect(() => {
    if (!arrivedForCart) return;
    void navigate(location.pathname, { replace: true, state: null });
    if (itemCount === 0) return;
    if (arrivedToPayAgain) openCartToPayAgain();
    else openCart();
  }, [
    arrivedForCart,
    arrivedToPayAgain,
    itemCount,
    openCart,
    openCartToPayAgain,
    navigate,
    location.pathname,
  ]);

  useEffect(() => {
    const preload = () => void loadPart(importCart).catch(() => undefined);
    const events = ['pointerdown', 'keydown'] as const;
    events.forEach((event) => window.addEventListener(event, preload, { once: true, passive: true }));
    return () => events.forEach((event) => window.removeEventListener(event, preload));
  }, []);

  return (
    <>
      <title>{`${SITE.fullName} · Pens and copy paper`}</title>
      <div className="page-shell" inert={isOpen}>
        <SkipLink />
        <SiteHeader cart={{ itemCount, isOpen, onOpen: openCart }} />
        <main id="main-content" tabIndex={-1}>
          <StorefrontPage />
        </main>
        <SiteFooter />
      </div>
      {cartWanted && (
        <Suspense fallback={null}>
          <CartPanel />
        </Suspense>
      )}
    </>
  );
}
