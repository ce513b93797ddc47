import type { ReactNode } from 'react';
import styles from './payment-facts.module.css';

/** "VISA •••• 1111", or for a bank payment "Bank account · First Bank •••• 3210". */
export function CardText({
  cardType,
  last4,
  bankName,
  wallet,
  className,
}: {
  cardType: string;
  last4: string;
  bankName?: string;
  /** "Google Pay" or "Apple Pay" when a wallet paid. */
  wallet?: string;
  className?: string;
}) {
  const card = cardType === 'ACH' ? `Bank account${bankName ? ` · ${bankName}` : ''}` : cardType || 'Card';
  const label = wallet ? `${wallet} · ${card}` : card;
  return (
    <span className={className}>
      <span className={styles.brand}>{label}</span> <span className={styles.digits}>•••• {last4}</span>
    </span>
  );
}

/** A failed attempt's "Card (payment page) •••• 1038": its last 4 kept together on one line. */
export function PaidWithText({ text, className }: { text: string; className?: string }) {
  const ending = /^(.*) (•••• \d{4})$/.exec(text);
  return (
    <span className={className}>
      {ending ? (
        <>
          {ending[1]} <span className={styles.digits}>{ending[2]}</span>
        </>
      ) : (
        text
      )}
    </span>
  );
}

export interface Fact {
  term: string;
  value: ReactNode;
  emphasis?: boolean;
}

/** The facts a dialog is about, as a compact list of terms and values. */
export function FactList({ facts, label }: { facts: Fact[]; label: string }) {
  return (
    <dl className={styles.facts} aria-label={label}>
      {facts.map((fact) => (
        <div key={fact.term} className={`${styles.row} ${fact.emphasis ? styles.emphasis : ''}`}>
          <dt>{fact.term}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
