/**
 * Readable names for the audit log's action codes, as the audit log and an order's timeline show them;
 * unknown codes are shown tidied up.
 */
const ACTION_LABELS: Record<string, string> = {
  login: 'Sign in',
  login_throttled: 'Sign-in slowed down',
  changed_at_gateway: 'Changed at the gateway',
  logout: 'Log out',
  capture: 'Capture',
  partial_capture: 'Partial capture',
  capture_all: 'Capture all',
  void: 'Void',
  refund: 'Refund',
  cancel_charge: 'Cancel charge',
  sandbox_settle: 'Sandbox settlement',
  export: 'Export CSV',
  ship: 'Mark as shipped',
  payment_declined: 'Payment declined',
  void_lost_authorization: 'Unanswered authorization voided',
  void_unpayable_approval: 'Second payment voided',
  view_customer: 'View customer',
  phone_order: 'Phone order',
  payment_link: 'Payment link sent',
  cancel_payment_link: 'Payment link cancelled',
  payment_link_attempt: 'Payment link opened to pay',
  chargeback: 'Chargeback',
  ach_return: 'Returned by the bank',
  staff_add: 'Staff member added',
  staff_role: 'Staff role changed',
  staff_disable: 'Staff member disabled',
  staff_enable: 'Staff member enabled',
  staff_setup_link: 'Staff set-up link made',
  staff_setup: 'Staff password set',
  refund_request: 'Refund awaiting approval',
  refund_approve: 'Refund approved',
  refund_decline: 'Refund declined',
  refund_withdraw: 'Refund request withdrawn',
  product_add: 'Product added',
  product_change: 'Product changed',
  restock: 'Put back in stock',
  product_image: 'Product picture changed',
};

export function auditActionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  const words = action.replaceAll(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : action;
}
