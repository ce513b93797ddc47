import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PATHS } from '../config/paths';
import { PaymentCompleteRoute } from './payment-complete-route';
import { StorefrontRoute } from './storefront-route';

/**
 * The route table. New pages (/login, /register, /account, /admin, /admin/dashboard) are added here;
 * until they exist their paths fall through to the catch-all and land on the storefront (SPEC §2).
 */
export const routes: RouteObject[] = [
  { path: PATHS.storefront, element: <StorefrontRoute /> },
  { path: PATHS.paymentComplete, element: <PaymentCompleteRoute /> },
  { path: '*', element: <Navigate to={PATHS.storefront} replace /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
