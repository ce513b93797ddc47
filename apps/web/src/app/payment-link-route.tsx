import { SiteFooter } from '../components/ui/site-footer';
import { SiteHeader } from '../components/ui/site-header';
import { SkipLink } from '../components/ui/skip-link';
import { PaymentLinkPage } from '../features/payment-link';

/** `/pay/:token`: an order an operator prepared, paid from the link the store emailed. No Admin link here. */
export function PaymentLinkRoute() {
  return (
    <div className="page-shell">
      <SkipLink />
      <SiteHeader showAdminLink={false} />
      <main id="main-content" tabIndex={-1}>
        <PaymentLinkPage />
      </main>
      <SiteFooter />
    </div>
  );
}
