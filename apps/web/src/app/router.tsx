import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RouteLoading } from '../components/ui/route-loading';
import { PATHS } from '../config/paths';
import { lazyPart } from './lazy-part';
import { StorefrontRoute } from './storefront-route';

// Declarative routes (<BrowserRouter> + <Routes>) rather than createBrowserRouter: the data router brings
// loaders, actions and fetchers that this app does not use, and about 20 KB (gzip) of code that every
// shopper would download before the storefront shows. Every page but the storefront is its own chunk,
// fetched when visited; <BrowserRouter> runs navigations in a transition, so the current page stays on
// screen while the next one loads, as it did with the data router's lazy routes.

const PaymentCompleteRoute = lazyPart(
  () => import('./payment-complete-route'),
  (module) => module.PaymentCompleteRoute,
);
const LoginPage = lazyPart(
  () => import('../features/customer-auth'),
  (module) => module.LoginPage,
);
const RegisterPage = lazyPart(
  () => import('../features/customer-auth'),
  (module) => module.RegisterPage,
);
const ReceiptRoute = lazyPart(
  () => import('./receipt-route'),
  (module) => module.ReceiptRoute,
);
const PaymentLinkRoute = lazyPart(
  () => import('./payment-link-route'),
  (module) => module.PaymentLinkRoute,
);
const AccountPage = lazyPart(
  () => import('../features/account'),
  (module) => module.AccountPage,
);
// The admin console is loaded only when an operator opens it: shoppers never download it.
const AdminLoginRoute = lazyPart(
  () => import('./admin-login-route'),
  (module) => module.AdminLoginRoute,
);
const AdminDashboardRoute = lazyPart(
  () => import('./admin-dashboard-route'),
  (module) => module.AdminDashboardRoute,
);
const AdminOrderRoute = lazyPart(
  () => import('./admin-order-route'),
  (module) => module.AdminOrderRoute,
);
const StaffSetupPage = lazyPart(
  () => import('../features/staff-setup'),
  (module) => module.StaffSetupPage,
);
const AdminCustomerRoute = lazyPart(
  () => import('./admin-customer-route'),
  (module) => module.AdminCustomerRoute,
);

/** The route table (product §2); any other path lands on the storefront. */
export function AppRoutes() {
  return (
    <Suspense fallback={<RouteLoading />}>
      <Routes>
        <Route path={PATHS.storefront} element={<StorefrontRoute />} />
        <Route path={PATHS.paymentComplete} element={<PaymentCompleteRoute />} />
        <Route path={PATHS.login} element={<LoginPage />} />
        <Route path={PATHS.register} element={<RegisterPage />} />
        <Route path={PATHS.receipt} element={<ReceiptRoute />} />
        <Route path={PATHS.paymentLink} element={<PaymentLinkRoute />} />
        <Route path={PATHS.account} element={<AccountPage />} />
        <Route path={PATHS.admin} element={<AdminLoginRoute />} />
        <Route path={PATHS.adminDashboard} element={<AdminDashboardRoute />} />
        <Route path={PATHS.adminSetup} element={<StaffSetupPage />} />
        <Route path={PATHS.adminOrder} element={<AdminOrderRoute />} />
        <Route path={PATHS.adminCustomer} element={<AdminCustomerRoute />} />
        <Route path="*" element={<Navigate to={PATHS.storefront} replace />} />
      </Routes>
    </Suspense>
  );
}
