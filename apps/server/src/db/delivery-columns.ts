import type { OrderDelivery } from '@store/core';
import type { orders } from './schema';

/** An order's contact and delivery as columns (an order's, a payment link's). */
export function deliveryColumns({ email, address }: OrderDelivery) {
  return {
    contactEmail: email,
    deliveryName: address.name,
    deliveryAddress: address.address,
    deliveryAddress2: address.address2 ?? null,
    deliveryCity: address.city,
    deliveryState: address.state,
    deliveryZip: address.zip,
    deliveryCountry: address.country,
    deliveryPhone: address.phone ?? null,
  };
}

/** The columns of an order that hold its contact and delivery address. */
export const DELIVERY_COLUMNS = [
  'contactEmail',
  'deliveryName',
  'deliveryAddress',
  'deliveryAddress2',
  'deliveryCity',
  'deliveryState',
  'deliveryZip',
  'deliveryCountry',
  'deliveryPhone',
] as const satisfies readonly (keyof typeof orders.$inferSelect)[];

export type DeliveryColumns = Pick<typeof orders.$inferSelect, (typeof DELIVERY_COLUMNS)[number]>;

/** An order's delivery as it was recorded; undefined for an order taken before the store asked for one. */
export function deliveryOf(order: DeliveryColumns): OrderDelivery | undefined {
  if (order.contactEmail === null || order.deliveryCountry === null) return undefined;
  return {
    email: order.contactEmail,
    address: {
      name: order.deliveryName!,
      address: order.deliveryAddress!,
      ...(order.deliveryAddress2 ? { address2: order.deliveryAddress2 } : {}),
      city: order.deliveryCity!,
      state: order.deliveryState!,
      zip: order.deliveryZip!,
      country: order.deliveryCountry as OrderDelivery['address']['country'],
      ...(order.deliveryPhone ? { phone: order.deliveryPhone } : {}),
    },
  };
}
