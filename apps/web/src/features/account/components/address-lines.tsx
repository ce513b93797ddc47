import { ADDRESS_COUNTRY_NAMES, type SavedAddress } from '@store/core';
import styles from './addresses-section.module.css';

/** How an address is named to a screen reader's user on its buttons: who and which street. */
export function addressLabel(address: SavedAddress): string {
  return `${address.name}, ${address.address}`;
}

/** An address's lines below its name, as a parcel's label has them. */
export function AddressLines({ address }: { address: SavedAddress }) {
  return (
    <p className={styles.lines}>
      <span>{address.address}</span>
      {address.address2 && <span>{address.address2}</span>}
      <span>
        {address.city}, {address.state} {address.zip}
      </span>
      <span>{ADDRESS_COUNTRY_NAMES[address.country]}</span>
      {address.phone && <span>{address.phone}</span>}
    </p>
  );
}
