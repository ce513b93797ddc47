import { formatCents, type ProductId } from '@store/core';
import { useState, type FormEvent } from 'react';
import { ProductImage } from '../../../components/product/product-image';
import { Button } from '../../../components/ui/button';
import type { CatalogProduct } from '../../../lib/catalog/storefront-catalog';
import { CartIcon, CheckIcon, LockIcon } from '../../../components/ui/icons';
import { QuantityStepper } from './quantity-stepper';
import styles from './product-detail.module.css';

/** How each product is sold, shown beside the price. */
const SOLD_BY: Partial<Record<ProductId, string>> = {
  'pen-pack-100': 'per pack',
  'paper-ream-500': 'per ream',
};

export interface ProductDetailProps {
  product: CatalogProduct;
  onAddToCart: (quantity: number) => void;
  disabled: boolean;
}

export function ProductDetail({ product, onAddToCart, disabled }: ProductDetailProps) {
  const [quantity, setQuantity] = useState(1);
  const [quantityNote, setQuantityNote] = useState<string | null>(null);
  const headingId = `product-${product.id}-name`;
  const quantityNoteId = `product-${product.id}-quantity-note`;
  const stockId = `product-${product.id}-stock`;
  const soldOut = !product.inStock;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (soldOut) return;
    onAddToCart(quantity);
    setQuantity(1);
    setQuantityNote(null);
  };

  return (
    <article className={styles.detail} aria-labelledby={headingId}>
      <div className={styles.media}>
        <ProductImage
          productId={product.id}
          name={product.name}
          imageUrl={product.imageUrl}
          className={styles.image}
        />
      </div>

      <div>
        <p className={styles.category}>{product.shortName}</p>
        <h2 id={headingId} className={styles.name}>
          {product.name}
        </h2>
        <p className={styles.priceRow}>
          <span className={styles.price}>{formatCents(product.priceCents)}</span>
          {SOLD_BY[product.id] && <span className={styles.unit}>{SOLD_BY[product.id]}</span>}
        </p>
        {soldOut && (
          <p id={stockId} className={styles.soldOut}>
            Out of stock
          </p>
        )}
        {product.description && <p className={styles.description}>{product.description}</p>}

        {/* A product the owner gave no features has no empty list under a heading. */}
        {product.features.length > 0 && (
          <>
            <h3 className={styles.featuresTitle}>Features</h3>
            <ul className={styles.features}>
              {product.features.map((feature) => (
                <li key={feature}>
                  <span className={styles.check}>
                    <CheckIcon size={14} />
                  </span>
                  {feature}
                </li>
              ))}
            </ul>
          </>
        )}

        <form className={styles.purchase} onSubmit={submit}>
          <QuantityStepper
            value={quantity}
            onChange={(next, note) => {
              setQuantity(next);
              setQuantityNote(note ?? null);
            }}
            noteId={quantityNote ? quantityNoteId : undefined}
            disabled={disabled || soldOut}
          />
          <Button
            type="submit"
            size="large"
            className={styles.addButton}
            disabled={disabled || soldOut}
            aria-describedby={soldOut ? stockId : undefined}
          >
            <CartIcon size={20} />
            Add to Cart
          </Button>
          <p id={quantityNoteId} className={styles.quantityNote} role="status">
            {quantityNote}
          </p>
        </form>
        <p className={styles.reassurance}>
          <LockIcon size={16} />
          Secure checkout. Tax is shown in your cart before you pay.
        </p>
      </div>
    </article>
  );
}
