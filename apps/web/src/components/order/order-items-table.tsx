import { SALES_TAX_PERCENT, dollarsToCents, formatCents, type OrderSummary } from '@store/core';
import styles from './order-items-table.module.css';

/** Dollars from the store's answers, as people read them: "$68.20". */
export function formatDollars(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}

/**
 * What an order bought: a row an item (its name, the quantity at the unit price, the line's total), then
 * the subtotal, the tax and the total. Two columns, so that it fits a phone with the names wrapping.
 */
export function OrderItemsTable({
  order,
  caption,
}: {
  order: Pick<OrderSummary, 'items' | 'subtotal' | 'tax' | 'total'>;
  /** The table's name for screen readers; the page shows its own heading. */
  caption: string;
}) {
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className={styles.amount}>
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {order.items.map((item) => (
          <tr key={item.productId}>
            <th scope="row" className={styles.item}>
              <span className={styles.name}>{item.name}</span>
              <span className={styles.each}>
                {item.quantity} × {formatDollars(item.unitPrice)}
              </span>
            </th>
            <td className={styles.amount}>{formatDollars(item.lineTotal)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Subtotal</th>
          <td className={styles.amount}>{formatDollars(order.subtotal)}</td>
        </tr>
        <tr>
          <th scope="row">Tax ({SALES_TAX_PERCENT}%)</th>
          <td className={styles.amount}>{formatDollars(order.tax)}</td>
        </tr>
        <tr className={styles.total}>
          <th scope="row">Total</th>
          <td className={styles.amount}>{formatDollars(order.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
