import type { InputHTMLAttributes, ReactNode } from 'react';
import { Alert } from './alert';
import { TextField } from './text-field';
import styles from './form-cell.module.css';

interface CellFrame {
  /** The form's problem while it is about this cell's field, else null. */
  problem: string | null;
  /** The id the problem's message takes; the field it is about is described by it. */
  errorId: string;
  /** Across every column of the grid. */
  wide?: boolean;
}

/** A cell of a form's grid: a field and, while the form's problem is about it, the message right under it. */
export function FieldCell({ problem, errorId, wide = false, children }: CellFrame & { children: ReactNode }) {
  return (
    <div className={wide ? styles.wide : undefined}>
      {children}
      {problem && (
        <Alert id={errorId} className={styles.fieldProblem}>
          {problem}
        </Alert>
      )}
    </div>
  );
}

/** A labelled text field in its grid cell, marked invalid and described by the problem while it is at fault. */
export function CellTextField({
  problem,
  errorId,
  wide,
  ...field
}: CellFrame & { label: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldCell problem={problem} errorId={errorId} wide={wide}>
      <TextField {...field} errorId={errorId} invalid={problem !== null} />
    </FieldCell>
  );
}
