import type { OrderSummary } from '@store/core';
import { AddressBlock } from './address-block';
import { FactList, type Fact } from './fact-list';

/**
 * Who an order's receipt goes to and where it is delivered. Orders taken before the store asked for them
 * have neither, and show nothing.
 */
export function OrderDelivery({ order }: { order: Pick<OrderSummary, 'contactEmail' | 'deliveryAddress'> }) {
  const facts: Fact[] = [];
  if (order.contactEmail) facts.push({ term: 'Contact email', value: order.contactEmail });
  if (order.deliveryAddress) {
    facts.push({ term: 'Deliver to', value: <AddressBlock address={order.deliveryAddress} /> });
  }
  return facts.length > 0 ? <FactList facts={facts} /> : null;
}
