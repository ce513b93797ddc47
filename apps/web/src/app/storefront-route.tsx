import { SiteFooter } from '../components/ui/site-footer';
import { SiteHeader } from '../components/ui/site-header';
import { SkipLink } from '../components/ui/skip-link';
import { SITE } from '../config/site';
import { CartPanel } from '../features/cart';
import { StorefrontPage } from '../features/storefront';
import { useCart } from './cart/cart-provider';

/** `/`: the shop, with the cart panel over it. While the cart is open the page behind it is inert. */
export function StorefrontRoute() {
  const { itemCount, isOpen, openCart } = useCart();
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
      <CartPanel />
    </>
  );
}
