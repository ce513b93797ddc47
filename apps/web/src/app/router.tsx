import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteLoading } from '../components/ui/route-loading';
import { PATHS } from '../config/paths';
import { PaymentCompleteRoute } from './payment-complete-route';
import { StorefrontRoute } from './storefront-route';

/**
 * The route table. New pages (/login, /register, /account) are added here;
 * until they exist their paths fall through to the catch-all and land on the storefront (SPEC §2).
 */
export const routes: RouteObject[] = [
  { path: PATHS.storefront, element: <StorefrontRoute /> },
  { path: PATHS.paymentComplete, element: <PaymentCompleteRoute /> },
  // The admin console is loaded only when an operator opens it: shoppers never download it.
  {
    path: PATHS.admin,
    HydrateFallback: RouteLoading,
    lazy: () => import('./admin-login-route').then((module) => ({ Component: module.AdminLoginRoute })),
  },
  {
    path: PATHS.adminDashboard,
    HydrateFallback: RouteLoading,
    lazy: () =>
      import('./admin-dashboard-route').then((module) => ({ Component: module.AdminDashboardRoute })),
  },
  { path: '*', element: <Navigate to={PATHS.storefront} replace /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
