import { ADDRESS_COUNTRY_NAMES, type OrderSummary } from '@store/core';

export type OrderAddress = NonNullable<OrderSummary['deliveryAddress']>;

/**
 * A postal address as it is written on an envelope: the recipient, the street and its second line, the
 * city with its state and ZIP, the country by name, then the phone when one was given. Lines left empty
 * are not shown, so an address that lost a field never shows a stray comma.
 */
export function addressLines(address: OrderAddress): string[] {
  const cityLine = [address.city.trim(), [address.state.trim(), address.zip.trim()].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const lines = [
    address.name,
    address.address,
    address.address2 ?? '',
    cityLine,
    ADDRESS_COUNTRY_NAMES[address.country] ?? address.country,
    address.phone?.trim() ? `Phone: ${address.phone.trim()}` : '',
  ];
  return lines.map((line) => line.trim()).filter((line) => line !== '');
}
