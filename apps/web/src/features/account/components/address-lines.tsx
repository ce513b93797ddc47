import { addressLines, type SavedAddress } from '@store/core';
import styles from './addresses-section.module.css';

/** How an address is named to a screen reader's user on its buttons: who and which street. */
export function addressLabel(address: SavedAddress): string {
  return `${address.name}, ${address.address}`;
}

/** An address's lines below its name, as a parcel's label has them. */
export function AddressLines({ address }: { address: SavedAddress }) {
  return (
    <p className={styles.lines}>
      {addressLines(address)
        .slice(1)
        .map((line, index) => (
          <span key={index}>{line}</span>
        ))}
    </p>
  );
}
