import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteLoading } from '../components/ui/route-loading';
import { PATHS } from '../config/paths';
import { PaymentCompleteRoute } from './payment-complete-route';
import { StorefrontRoute } from './storefront-route';

/** The route table (SPEC §2); any other path lands on the storefront. */
export const routes: RouteObject[] = [
  { path: PATHS.storefront, element: <StorefrontRoute /> },
  { path: PATHS.paymentComplete, element: <PaymentCompleteRoute /> },
  // Account pages are loaded only when visited.
  {
    path: PATHS.login,
    HydrateFallback: RouteLoading,
    lazy: () => import('../features/customer-auth').then((module) => ({ Component: module.LoginPage })),
  },
  {
    path: PATHS.register,
    HydrateFallback: RouteLoading,
    lazy: () => import('../features/customer-auth').then((module) => ({ Component: module.RegisterPage })),
  },
  {
    path: PATHS.account,
    HydrateFallback: RouteLoading,
    lazy: () => import('../features/account').then((module) => ({ Component: module.AccountPage })),
  },
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
