import { notAllowedMessage, type StaffRight } from '@store/core';
import { useStaffSession } from '../api/staff-session';
import styles from './role-note.module.css';

/**
 * Where a person looks for an action their role does not offer (decision 055): a line saying which, by
 * the role's name; nothing when the role offers them all.
 */
export function RoleNote({ rights }: { rights: readonly StaffRight[] }) {
  const session = useStaffSession().data;
  if (!session) return null;
  const missing = rights.filter((right) => !session.rights.includes(right));
  if (missing.length === 0) return null;
  return (
    <p className={styles.note} role="note">
      {notAllowedMessage(session.role, missing)} An owner or a manager can.
    </p>
  );
}
