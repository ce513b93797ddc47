import { rightsOf, STAFF_RIGHTS, type StaffRight, type StaffRole } from '@store/core';

/** What each right lets a person do, as the role's line says it. */
const RIGHT_PHRASES: Record<Exclude<StaffRight, 'read'>, string> = {
  capture: 'capture',
  void: 'void',
  refund: 'refund',
  'cancel-charge': 'cancel charges',
  ship: 'mark orders shipped',
  'phone-order': 'take phone orders',
  'payment-link': 'send payment links',
  export: 'export files',
  settle: 'settle',
  catalog: 'edit the catalog',
  staff: 'manage staff',
};

function listed(words: readonly string[]): string {
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}` : (words[0] ?? '');
}

/**
 * One line saying what a role may do, read from the same table of rights the server checks
 * ("Reads the console; may mark orders shipped, take phone orders and send payment links").
 */
export function roleSummary(role: StaffRole): string {
  const rights = rightsOf(role);
  const missing = STAFF_RIGHTS.filter((right) => !rights.includes(right));
  if (missing.length === 0) return 'Everything, managing staff included';
  if (missing.length === 1 && missing[0] === 'staff') return 'Everything but managing staff';
  const actions = rights.filter((right): right is Exclude<StaffRight, 'read'> => right !== 'read');
  if (actions.length === 0) return 'Reads the console; changes nothing';
  return `Reads the console; may ${listed(actions.map((right) => RIGHT_PHRASES[right]))}`;
}
