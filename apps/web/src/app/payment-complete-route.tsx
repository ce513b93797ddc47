import { SiteFooter } from '../components/ui/site-footer';
import { SiteHeader } from '../components/ui/site-header';
import { SkipLink } from '../components/ui/skip-link';
import { PaymentCompletePage } from '../features/payment-result';

/** `/payment-complete`: where the hosted payment page sends the shopper back. No Admin link here. */
export function PaymentCompleteRoute() {
  return (
    <div className="page-shell">
      <SkipLink />
      <SiteHeader showAdminLink={false} />
      <main id="main-content" tabIndex={-1}>
        <PaymentCompletePage />
      </main>
      <SiteFooter />
    </div>
  );
}
