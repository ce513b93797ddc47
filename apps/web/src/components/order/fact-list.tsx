import type { ReactNode } from 'react';
import styles from './fact-list.module.css';

export interface Fact {
  term: string;
  value: ReactNode;
}

/**
 * Facts of an order side by side, each a small label over its value (placed, status, contact, address),
 * as many to a row as fit: one under the other on a phone.
 */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className={styles.facts}>
      {facts.map((fact) => (
        <div key={fact.term} className={styles.fact}>
          <dt>{fact.term}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
