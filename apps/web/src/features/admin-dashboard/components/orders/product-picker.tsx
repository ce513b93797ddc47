import { formatCents, MAX_LINE_QUANTITY, SALES_TAX_PERCENT, type ProductId } from '@store/core';
import { useId } from 'react';
import type { OrderLines, TypedQuantities } from '../../utils/orders/order-lines';
import styles from './product-picker.module.css';

export interface ProductPickerProps {
  quantities: TypedQuantities;
  /** The typed quantities read (`readOrderLines`): the lines and the totals shown. */
  order: OrderLines;
  onChange: (productId: ProductId, text: string) => void;
  disabled: boolean;
  /** The catalog is still being read, or could not be: the words to show instead of its products. */
  catalogProblem?: string | null;
}

/**
 * The products and quantities a caller asks for, each line's amount, then the subtotal, the tax and the
 * total: the order an operator prepares on the telephone (a phone order, a payment link).
 */
export function ProductPicker({ quantities, order, onChange, disabled, catalogProblem }: ProductPickerProps) {
  const baseId = useId();
  const errorId = `${baseId}-problem`;
  const { totals } = order;
  return (
    <>
      <fieldset className={styles.products} aria-describedby={order.invalid ? errorId : undefined}>
        <legend className={styles.legend}>Products</legend>
        {catalogProblem && <p className={styles.note}>{catalogProblem}</p>}
        {order.read.map(({ product, quantity }) => {
          const inputId = `${baseId}-${product.id}`;
          const lineCents = quantity ? product.priceCents * quantity : 0;
          const outId = `${inputId}-out`;
          return (
            <div key={product.id} className={styles.line}>
              <label htmlFor={inputId} className={styles.product}>
                <span className={styles.productName}>{product.name}</span>
                <span className={styles.unit}>{formatCents(product.priceCents)} each</span>
                {!product.orderable && (
                  <span id={outId} className={styles.outOfStock}>
                    Out of stock
                  </span>
                )}
              </label>
              <input
                id={inputId}
                className={styles.quantity}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_LINE_QUANTITY}
                step={1}
                value={product.orderable ? (quantities[product.id] ?? '0') : '0'}
                aria-invalid={quantity === null}
                aria-describedby={quantity === null ? errorId : product.orderable ? undefined : outId}
                disabled={disabled || !product.orderable}
                onChange={(event) => onChange(product.id, event.target.value)}
              />
              <span className={styles.lineTotal}>{formatCents(lineCents)}</span>
            </div>
          );
        })}
        {order.invalid && (
          <p id={errorId} className={styles.problem}>
            A quantity is a whole number from 0 to {MAX_LINE_QUANTITY}.
          </p>
        )}
      </fieldset>

      <dl className={styles.totals}>
        <div>
          <dt>Subtotal</dt>
          <dd>{formatCents(totals?.subtotalCents ?? 0)}</dd>
        </div>
        <div>
          <dt>Tax ({SALES_TAX_PERCENT}%)</dt>
          <dd>{formatCents(totals?.taxCents ?? 0)}</dd>
        </div>
        <div className={styles.total}>
          <dt>Total</dt>
          <dd>{formatCents(totals?.totalCents ?? 0)}</dd>
        </div>
      </dl>
    </>
  );
}
