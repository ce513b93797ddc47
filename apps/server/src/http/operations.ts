import { mayDo, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRight } from '@store/core';
import { adminSessionCookie } from './admin-session';
import { customerSessionCookie } from './customer-session';

/**
 * Every call of the published API by name and by who may make it (decision 052): its `operationId` (stable,
 * verb first, what a generated client names its function) and its security, as the OpenAPI document declares
 * them. A route of the contract missing here stops the server at start-up, and a test calls every call
 * declared for a session without one and expects a refusal, so the table cannot drift from the routes.
 */

/** Who may make a call: by the cookies and keys the document's security schemes name. */
export type CallerKind =
  /** The admin session cookie (POST /api/admin/login). */
  | 'admin'
  /** The customer session cookie (POST /api/users/login). */
  | 'customer'
  /** Anyone; a signed-in customer's cookie makes the call theirs (checkout, wallets). */
  | 'guest-or-customer'
  /** Anyone: health checks, sign-in, a receipt or payment link by its unguessable token. */
  | 'public'
  /** The gateway's hosted page, with the store's webhook key in the address. */
  | 'webhook';

export interface OperationDeclaration {
  operationId: string;
  caller: CallerKind;
  /**
   * For a console call, the right the admin's role must give (decision 055); none for signing out and
   * reading one's own session.
   */
  right?: StaffRight;
}

/** The key is the route as Fastify names it: `METHOD /path/:param`. */
export const OPERATIONS: Readonly<Record<string, OperationDeclaration>> = {
  'GET /api/health': { operationId: 'checkHealth', caller: 'public' },
  'GET /healthz': { operationId: 'checkLiveness', caller: 'public' },
  'GET /readyz': { operationId: 'checkReadiness', caller: 'public' },

  'POST /api/admin/login': { operationId: 'signInAdmin', caller: 'public' },
  'POST /api/admin/logout': { operationId: 'signOutAdmin', caller: 'admin' },
  'GET /api/admin/session': { operationId: 'getAdminSession', caller: 'admin' },
  'POST /api/admin/payments': { operationId: 'listPendingPayments', caller: 'admin', right: 'read' },
  'POST /api/admin/transactions': { operationId: 'listTransactions', caller: 'admin', right: 'read' },
  'GET /api/admin/transactions.csv': { operationId: 'exportTransactions', caller: 'admin', right: 'export' },
  'POST /api/admin/capture-payment': { operationId: 'capturePayment', caller: 'admin', right: 'capture' },
  'POST /api/admin/capture-all': { operationId: 'captureAllPayments', caller: 'admin', right: 'capture' },
  'POST /api/admin/void-payment': { operationId: 'voidPayment', caller: 'admin', right: 'void' },
  'POST /api/admin/refund': { operationId: 'refundPayment', caller: 'admin', right: 'refund' },
  'POST /api/admin/cancel-charge': { operationId: 'cancelCharge', caller: 'admin', right: 'cancel-charge' },
  'POST /api/admin/sandbox/settle': { operationId: 'settleSandboxBatch', caller: 'admin', right: 'settle' },
  'POST /api/admin/emails': { operationId: 'listSentEmails', caller: 'admin', right: 'read' },
  'GET /api/admin/emails/:id/html': { operationId: 'getSentEmailHtml', caller: 'admin', right: 'read' },
  'POST /api/admin/audit-log': { operationId: 'listAuditEvents', caller: 'admin', right: 'read' },
  'POST /api/admin/refund-approvals': { operationId: 'listRefundApprovals', caller: 'admin', right: 'read' },
  'POST /api/admin/refund-approvals/:requestId/approve': {
    operationId: 'approveRefundRequest',
    caller: 'admin',
    right: 'refund',
  },
  'POST /api/admin/refund-approvals/:requestId/decline': {
    operationId: 'declineRefundRequest',
    caller: 'admin',
    right: 'refund',
  },
  'POST /api/admin/refund-approvals/:requestId/withdraw': {
    operationId: 'withdrawRefundRequest',
    caller: 'admin',
    right: 'refund',
  },
  'GET /api/admin/staff': { operationId: 'listStaff', caller: 'admin', right: 'staff' },
  'POST /api/admin/staff': { operationId: 'addStaffMember', caller: 'admin', right: 'staff' },
  'GET /api/admin/products': { operationId: 'listProducts', caller: 'admin', right: 'read' },
  'POST /api/admin/products': { operationId: 'addProduct', caller: 'admin', right: 'catalog' },
  'PUT /api/admin/products/:id': { operationId: 'updateProduct', caller: 'admin', right: 'catalog' },
  'GET /api/admin/products.csv': { operationId: 'exportProducts', caller: 'admin', right: 'export' },
  'POST /api/admin/products/import': { operationId: 'importProducts', caller: 'admin', right: 'catalog' },
  'PUT /api/admin/products/:id/image': { operationId: 'setProductImage', caller: 'admin', right: 'catalog' },
  'DELETE /api/admin/products/:id/image': {
    operationId: 'removeProductImage',
    caller: 'admin',
    right: 'catalog',
  },
  'POST /api/admin/staff/setup-link': {
    operationId: 'createStaffSetupLink',
    caller: 'admin',
    right: 'staff',
  },
  'POST /api/admin/staff/role': { operationId: 'setStaffRole', caller: 'admin', right: 'staff' },
  'POST /api/admin/staff/disable': { operationId: 'disableStaffMember', caller: 'admin', right: 'staff' },
  'POST /api/admin/staff/enable': { operationId: 'enableStaffMember', caller: 'admin', right: 'staff' },
  'POST /api/admin/setup/check': { operationId: 'checkStaffSetupLink', caller: 'public' },
  'POST /api/admin/setup': { operationId: 'completeStaffSetup', caller: 'public' },
  'POST /api/admin/login/second-factor': { operationId: 'completeSecondFactorSignIn', caller: 'public' },
  'GET /api/admin/account/security': { operationId: 'getAccountSecurity', caller: 'admin' },
  'POST /api/admin/account/authenticator': { operationId: 'addAuthenticator', caller: 'admin' },
  'POST /api/admin/account/authenticator/confirm': { operationId: 'confirmAuthenticator', caller: 'admin' },
  'POST /api/admin/account/authenticator/remove': { operationId: 'removeAuthenticator', caller: 'admin' },
  'POST /api/admin/account/recovery-codes': { operationId: 'createRecoveryCodes', caller: 'admin' },
  'POST /api/admin/step-up': { operationId: 'verifySecondFactor', caller: 'admin' },
  'POST /api/admin/account/passkeys/options': {
    operationId: 'createPasskeyRegistrationOptions',
    caller: 'admin',
  },
  'POST /api/admin/account/passkeys': { operationId: 'addPasskey', caller: 'admin' },
  'POST /api/admin/account/passkeys/remove': { operationId: 'removePasskey', caller: 'admin' },
  'POST /api/admin/passkey/options': { operationId: 'createPasskeySignInOptions', caller: 'public' },
  'POST /api/admin/passkey/sign-in': { operationId: 'signInWithPasskey', caller: 'public' },
  'POST /api/admin/step-up/passkey/options': { operationId: 'createPasskeyStepUpOptions', caller: 'admin' },
  'POST /api/admin/step-up/passkey': { operationId: 'verifyPasskeyStepUp', caller: 'admin' },
  'POST /api/admin/reconcile': { operationId: 'reconcileOperations', caller: 'admin', right: 'settle' },
  'GET /api/admin/orders/:orderId': { operationId: 'getAdminOrder', caller: 'admin', right: 'read' },
  'POST /api/admin/orders/:orderId/ship': { operationId: 'shipOrder', caller: 'admin', right: 'ship' },
  'POST /api/admin/orders/:orderId/restock': {
    operationId: 'restockOrder',
    caller: 'admin',
    right: 'catalog',
  },
  'POST /api/admin/customers': { operationId: 'listCustomers', caller: 'admin', right: 'read' },
  'GET /api/admin/customers/:customerId': { operationId: 'getCustomer', caller: 'admin', right: 'read' },
  'POST /api/admin/customers/:customerId/phone-orders': {
    operationId: 'takePhoneOrder',
    caller: 'admin',
    right: 'phone-order',
  },
  'GET /api/admin/money-summary': { operationId: 'getMoneySummary', caller: 'admin', right: 'read' },
  'GET /api/admin/deposits.csv': { operationId: 'exportDeposits', caller: 'admin', right: 'export' },
  'GET /api/admin/deposits': { operationId: 'listDepositDays', caller: 'admin', right: 'read' },
  'GET /api/admin/deposits/:day': { operationId: 'getDepositDay', caller: 'admin', right: 'read' },
  'GET /api/admin/disputes': { operationId: 'listDisputes', caller: 'admin', right: 'read' },
  'POST /api/admin/payment-links': {
    operationId: 'createPaymentLink',
    caller: 'admin',
    right: 'payment-link',
  },
  'GET /api/admin/payment-links': { operationId: 'listPaymentLinks', caller: 'admin', right: 'read' },
  'POST /api/admin/payment-links/:linkId/cancel': {
    operationId: 'cancelPaymentLink',
    caller: 'admin',
    right: 'payment-link',
  },

  'POST /api/users/register': { operationId: 'registerCustomer', caller: 'public' },
  'POST /api/users/login': { operationId: 'signInCustomer', caller: 'public' },
  'POST /api/users/logout': { operationId: 'signOutCustomer', caller: 'public' },
  'GET /api/users/session': { operationId: 'getCustomerSession', caller: 'customer' },
  'GET /api/users/profile': { operationId: 'getProfile', caller: 'customer' },
  'PUT /api/users/profile': { operationId: 'updateProfile', caller: 'customer' },
  'GET /api/users/addresses': { operationId: 'listAddresses', caller: 'customer' },
  'POST /api/users/addresses': { operationId: 'addAddress', caller: 'customer' },
  'PUT /api/users/addresses/:id': { operationId: 'updateAddress', caller: 'customer' },
  'DELETE /api/users/addresses/:id': { operationId: 'removeAddress', caller: 'customer' },
  'POST /api/users/addresses/:id/default': { operationId: 'setDefaultAddress', caller: 'customer' },
  'GET /api/users/orders': { operationId: 'listCustomerOrders', caller: 'customer' },
  'POST /api/payment/card-entry': { operationId: 'createCardEntry', caller: 'customer' },
  'POST /api/payment/tokenize-proxy': { operationId: 'tokenizePaymentMethod', caller: 'customer' },
  'POST /api/payment/save-payment-token': { operationId: 'savePaymentMethod', caller: 'customer' },
  'POST /api/payment/payment-methods': { operationId: 'listPaymentMethods', caller: 'customer' },
  'POST /api/users/payment-methods/remove': { operationId: 'removePaymentMethod', caller: 'customer' },
  'POST /api/users/payment-methods/set-default': {
    operationId: 'setDefaultPaymentMethod',
    caller: 'customer',
  },
  'POST /api/payment/process-with-token': { operationId: 'payWithSavedMethod', caller: 'customer' },

  'GET /api/receipts/:token': { operationId: 'getReceipt', caller: 'public' },
  'GET /api/catalog': { operationId: 'getCatalog', caller: 'public' },
  'GET /api/products/:id/image': { operationId: 'getProductImage', caller: 'public' },
  'POST /api/payment/create-payment': { operationId: 'createPayment', caller: 'guest-or-customer' },
  'POST /api/payment/verify-payment': { operationId: 'verifyPayment', caller: 'guest-or-customer' },
  'POST /api/payment/cancel-payment': { operationId: 'cancelPayment', caller: 'guest-or-customer' },
  'POST /api/payment/hosted-page-webhook': { operationId: 'receiveHostedPageWebhook', caller: 'webhook' },
  'GET /api/payment-links/:token': { operationId: 'getPaymentLink', caller: 'public' },
  'POST /api/payment-links/:token/pay': { operationId: 'payPaymentLink', caller: 'public' },

  'GET /api/wallets/config': { operationId: 'getWalletConfig', caller: 'public' },
  'POST /api/validate-merchant': { operationId: 'validateApplePayMerchant', caller: 'public' },
  'POST /api/applepay/process-with-applepay': {
    operationId: 'payWithApplePay',
    caller: 'guest-or-customer',
  },
  'GET /.well-known/apple-developer-merchantid-domain-association': {
    operationId: 'getApplePayDomainAssociation',
    caller: 'public',
  },
  'POST /api/googlepay/process-with-googlepay': {
    operationId: 'payWithGooglePay',
    caller: 'guest-or-customer',
  },
  'POST /api/googlepay/record-payment': { operationId: 'recordGooglePayResult', caller: 'guest-or-customer' },
};

/**
 * The document's security schemes, by the names the declarations use; the cookies' names are as the store
 * sets them (`__Host-` first over HTTPS).
 */
export function securitySchemesOf(secureCookies: boolean) {
  return {
    adminSession: {
      type: 'apiKey',
      in: 'cookie',
      name: adminSessionCookie(secureCookies).name,
      description: 'Set by POST /api/admin/login; every console call needs it.',
    },
    customerSession: {
      type: 'apiKey',
      in: 'cookie',
      name: customerSessionCookie(secureCookies).name,
      description: "Set by POST /api/users/login or /api/users/register; a customer's own calls need it.",
    },
    hostedPageWebhookKey: {
      type: 'apiKey',
      in: 'query',
      name: 'key',
      description: "The store's webhook secret, in the address the hosted payment page is given.",
    },
  } as const;
}

/** A call's `security`, as OpenAPI writes it: any one of the listed requirements will do. */
export function securityOf(caller: CallerKind): Record<string, string[]>[] {
  switch (caller) {
    case 'admin':
      return [{ adminSession: [] }];
    case 'customer':
      return [{ customerSession: [] }];
    case 'guest-or-customer':
      return [{}, { customerSession: [] }];
    case 'public':
      return [];
    case 'webhook':
      return [{ hostedPageWebhookKey: [] }];
  }
}

/** Who may make a console call, as the API document says it: "Roles: Owner, Manager." */
export function rolesSentence(right: StaffRight): string {
  const roles = STAFF_ROLES.filter((role) => mayDo(role, right)).map((role) => STAFF_ROLE_LABELS[role]);
  return `Needs the right "${right}": ${roles.join(', ')}.`;
}

/** The declaration of a route, by its method and Fastify path; undefined when the table lacks it. */
export function operationOf(method: string, url: string): OperationDeclaration | undefined {
  return OPERATIONS[`${method.toUpperCase()} ${url}`];
}
