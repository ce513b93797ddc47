import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY, formatCents, type PricedLine } from '@store/core';
import { ProductImage } from '../../../components/product/product-image';
import type { CatalogProduct } from '../../../lib/catalog/storefront-catalog';
import { MinusIcon, PlusIcon, TrashIcon } from '../../../components/ui/icons';
import styles from './cart-line.module.css';

export interface CartLineProps {
  line: PricedLine;
  product: CatalogProduct;
  disabled: boolean;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
  /** Why the line holds less than the shopper just chose to add. */
  note?: string | null;
}

export function CartLineItem({ line, product, disabled, onQuantityChange, onRemove, note }: CartLineProps) {
  return (
    <li className={styles.line}>
      <ProductImage productId={product.id} imageUrl={product.imageUrl} decorative className={styles.thumb} />
      <div>
        <h3 className={styles.name}>{product.name}</h3>
        <p className={styles.unit}>{formatCents(line.unitPriceCents)} each</p>
        <div className={styles.controls}>
          <div className={styles.quantity}>
            <button
              type="button"
              className={styles.step}
              onClick={() => onQuantityChange(line.quantity - 1)}
              disabled={disabled || line.quantity <= MIN_LINE_QUANTITY}
              aria-label={`One fewer ${product.name}`}
            >
              <MinusIcon size={16} />
            </button>
            <span className={styles.value} aria-live="polite">
              <span className="visually-hidden">Quantity </span>
              {line.quantity}
            </span>
            <button
              type="button"
              className={styles.step}
              onClick={() => onQuantityChange(line.quantity + 1)}
              disabled={disabled || line.quantity >= MAX_LINE_QUANTITY}
              aria-label={`One more ${product.name}`}
            >
              <PlusIcon size={16} />
            </button>
          </div>
          <button
            type="button"
            className={styles.remove}
            onClick={onRemove}
            disabled={disabled}
            aria-label={`Remove ${product.name}`}
          >
            <TrashIcon size={16} />
            Remove
          </button>
        </div>
        {note && (
          <p className={styles.note} role="status">
            {note}
          </p>
        )}
      </div>
      <p className={styles.total}>
        <span className="visually-hidden">Line total </span>
        {formatCents(line.lineTotalCents)}
      </p>
    </li>
  );
}
