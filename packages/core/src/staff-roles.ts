/**
 * The console's staff roles and what each may do (decision 055). The server checks the right each call
 * needs (apps/server/src/http/operations.ts) and the console offers only what the role may do; both read
 * this one table.
 */
export const STAFF_ROLES = ['owner', 'manager', 'clerk', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  clerk: 'Clerk',
  viewer: 'Viewer',
};

/** What a console call may need, beyond a signed-in session. */
export const STAFF_RIGHTS = [
  /** Every list, page, figure and message of the console. */
  'read',
  /** Capture one payment, part of one, or all. */
  'capture',
  'void',
  'refund',
  'cancel-charge',
  /** Mark an order shipped, which captures it when the store captures on shipment. */
  'ship',
  'phone-order',
  'payment-link',
  /** Download the history and the deposits as CSV files. */
  'export',
  /** Settle from the gateway's records, close the sandbox's batch (demonstrations). */
  'settle',
  /** Products, their prices and stock (decision 061). */
  'catalog',
  /** Staff accounts and the store's settings. */
  'staff',
] as const;
export type StaffRight = (typeof STAFF_RIGHTS)[number];

const RIGHTS_OF: Record<StaffRole, readonly StaffRight[]> = {
  owner: STAFF_RIGHTS,
  manager: STAFF_RIGHTS.filter((right) => right !== 'staff'),
  clerk: ['read', 'ship', 'phone-order', 'payment-link'],
  viewer: ['read'],
};

export function rightsOf(role: StaffRole): readonly StaffRight[] {
  return RIGHTS_OF[role];
}

export function mayDo(role: StaffRole, right: StaffRight): boolean {
  return RIGHTS_OF[role].includes(right);
}

/** What a right lets a person do, as the refusal says it ("may not refund payments"). */
const RIGHT_WORDS: Record<StaffRight, string> = {
  read: 'read the console',
  capture: 'capture payments',
  void: 'void payments',
  refund: 'refund payments',
  'cancel-charge': 'cancel charges',
  ship: 'mark orders shipped',
  'phone-order': 'take phone orders',
  'payment-link': 'send payment links',
  export: 'export files',
  settle: 'settle payments',
  catalog: 'edit the catalog',
  staff: 'manage staff',
};

/**
 * The refusal of a call the role may not make, or the console's note of what it does not offer: the role
 * and what it may not do ("Your role (Clerk) may not capture payments or void payments.").
 */
export function notAllowedMessage(role: StaffRole, rights: StaffRight | readonly StaffRight[]): string {
  const words = (typeof rights === 'string' ? [rights] : rights).map((right) => RIGHT_WORDS[right]);
  const listed = words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)!}` : words[0]!;
  return `Your role (${STAFF_ROLE_LABELS[role]}) may not ${listed}.`;
}
