import {
  dollarsToCents,
  orderStandingFromFields,
  orderStandingText,
  type OrderStandingFields,
} from '@store/core';

/**
 * The line beside an order's status badge ("Paid $7.00 of $15.74"), from what the server sent: the same words
 * on the receipt, in My Account, on the console's order page and on a customer's page (decision 048).
 */
export function orderStandingLine(order: OrderStandingFields & { total: number }): string {
  return orderStandingText(orderStandingFromFields(order), dollarsToCents(order.total));
}
