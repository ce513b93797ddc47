import { SiteFooter } from '../components/ui/site-footer';
import { SiteHeader } from '../components/ui/site-header';
import { SkipLink } from '../components/ui/skip-link';
import { ReceiptPage } from '../features/receipt';

/** `/receipt/:token`: an order's receipt, from the link in its confirmation. No Admin link here. */
export function ReceiptRoute() {
  return (
    <div className="page-shell">
      <SkipLink />
      <SiteHeader showAdminLink={false} />
      <main id="main-content" tabIndex={-1}>
        <ReceiptPage />
      </main>
      <SiteFooter />
    </div>
  );
}
