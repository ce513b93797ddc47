import { ADDRESS_COUNTRY_NAMES } from './schemas/address-book';
import type { DeliveryAddress } from './schemas/delivery';

/** "Austin, TX 78701": the city with its state and ZIP or postal code, whichever are given. */
export function cityLine(address: Pick<DeliveryAddress, 'city' | 'state' | 'zip'>): string {
  return [address.city.trim(), [address.state.trim(), address.zip.trim()].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
}

/**
 * A postal address as it is written on an envelope: the recipient, the street and its second line, the
 * city with its state and ZIP, the country by name, then the phone when one was given. Lines left empty
 * are not shown, so an address that lost a field never shows a stray comma.
 */
export function addressLines(address: DeliveryAddress): string[] {
  const lines = [
    address.name,
    address.address,
    address.address2 ?? '',
    cityLine(address),
    ADDRESS_COUNTRY_NAMES[address.country] ?? address.country,
    address.phone?.trim() ? `Phone: ${address.phone.trim()}` : '',
  ];
  return lines.map((line) => line.trim()).filter((line) => line !== '');
}
