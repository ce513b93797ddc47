import type { ReactNode } from 'react';
import { LockIcon, ShieldCheckIcon, TruckIcon } from '../../../components/ui/icons';
import styles from './why-choose-us.module.css';

const REASONS: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Fast Shipping',
    text: 'Orders placed on a business day leave our warehouse within one business day, tracked all the way to your door.',
    icon: <TruckIcon size={26} />,
  },
  {
    title: 'Quality Guarantee',
    text: 'Every pen and every ream is checked before it ships. Not happy? Return unopened products within 30 days.',
    icon: <ShieldCheckIcon size={26} />,
  },
  {
    title: 'Secure Payment',
    text: "You enter your card on our payment partner's secure page. Your card number never touches our servers.",
    icon: <LockIcon size={26} />,
  },
];

export function WhyChooseUs() {
  return (
    <section id="why-us" className={`container ${styles.section}`} aria-labelledby="why-us-title">
      <div className={styles.header}>
        <h2 id="why-us-title" className={styles.heading}>
          Why choose us
        </h2>
        <p className={styles.intro}>
          Small store, big standards: here is what you can count on with every order.
        </p>
      </div>
      <ul className={styles.cards}>
        {REASONS.map((reason) => (
          <li key={reason.title} className={styles.card}>
            <span className={styles.icon} aria-hidden="true">
              {reason.icon}
            </span>
            <h3 className={styles.title}>{reason.title}</h3>
            <p className={styles.text}>{reason.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
