import { addressLines, type DeliveryAddress } from '@store/core';
import styles from './address-block.module.css';

/** A postal address, one line of the envelope a line; every part is text, never markup. */
export function AddressBlock({ address, className }: { address: DeliveryAddress; className?: string }) {
  return (
    <address className={[styles.address, className].filter(Boolean).join(' ')}>
      {addressLines(address).map((line, index) => (
        <span key={index} className={styles.line}>
          {line}
        </span>
      ))}
    </address>
  );
}
