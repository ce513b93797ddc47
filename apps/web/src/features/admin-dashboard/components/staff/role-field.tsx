import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@store/core';
import { useId } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { roleSummary } from '../../utils/staff/role-summary';
import styles from './staff-panel.module.css';

export interface RoleFieldProps {
  /** '' until a role is chosen (a new person). */
  value: StaffRole | '';
  onChange: (role: StaffRole | '') => void;
  /** The form's problem while it is about the role, else null. */
  problem: string | null;
  errorId: string;
  disabled?: boolean;
}

function isRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/** The four roles to choose from, with a line each saying what the role may do. */
export function RoleField({ value, onChange, problem, errorId, disabled = false }: RoleFieldProps) {
  const id = useId();
  const rolesId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Role
      </label>
      <select
        id={id}
        className={styles.input}
        value={value}
        disabled={disabled}
        aria-invalid={problem !== null}
        aria-describedby={[rolesId, problem ? errorId : undefined].filter(Boolean).join(' ')}
        onChange={(event) => onChange(isRole(event.target.value) ? event.target.value : '')}
      >
        {value === '' && <option value="">Choose a role</option>}
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {STAFF_ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      {problem && (
        <Alert id={errorId} className={styles.fieldProblem}>
          {problem}
        </Alert>
      )}
      <ul id={rolesId} className={styles.roles}>
        {STAFF_ROLES.map((role) => (
          <li key={role} className={role === value ? styles.roleChosen : undefined}>
            <strong>{STAFF_ROLE_LABELS[role]}:</strong> {roleSummary(role)}.
          </li>
        ))}
      </ul>
    </div>
  );
}
