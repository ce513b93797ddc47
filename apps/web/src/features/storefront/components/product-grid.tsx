import { formatCents, type ProductId } from '@store/core';
import { useRef, useState } from 'react';
import { ProductImage } from '../../../components/product/product-image';
import type { CatalogProduct } from '../../../lib/catalog/storefront-catalog';
import { ProductDetail } from './product-detail';
import styles from './product-grid.module.css';

export interface ProductGridProps {
  products: readonly CatalogProduct[];
  onAddToCart: (productId: ProductId, quantity: number) => void;
  disabled: boolean;
}

/**
 * A larger catalog as a grid of cards (tabs stop fitting beyond a few): choosing a card shows the same
 * product detail as the tabs do, below the grid, and takes the keyboard there.
 */
export function ProductGrid({ products, onAddToCart, disabled }: ProductGridProps) {
  const [chosenId, setChosenId] = useState<ProductId | null>(null);
  const selected = products.find((product) => product.id === chosenId) ?? products[0];
  const detailRef = useRef<HTMLDivElement>(null);

  const choose = (id: ProductId) => {
    setChosenId(id);
    // After the detail shows the new product: on a phone it is below the whole grid.
    requestAnimationFrame(() => {
      detailRef.current?.focus({ preventScroll: true });
      detailRef.current?.scrollIntoView({ block: 'start' });
    });
  };

  return (
    <>
      <ul className={styles.grid} aria-label="Products">
        {products.map((product) => (
          <li key={product.id}>
            <button
              type="button"
              className={styles.card}
              aria-pressed={product.id === selected?.id}
              onClick={() => choose(product.id)}
            >
              <ProductImage
                productId={product.id}
                imageUrl={product.imageUrl}
                decorative
                className={styles.thumb}
              />
              <span className={styles.name}>{product.name}</span>
              <span className={styles.footer}>
                <span className={styles.price}>{formatCents(product.priceCents)}</span>
                {!product.inStock && <span className={styles.soldOut}>Out of stock</span>}
              </span>
            </button>
          </li>
        ))}
      </ul>

      {selected && (
        <div
          ref={detailRef}
          className={styles.detail}
          tabIndex={-1}
          role="region"
          aria-label={`${selected.name}, details`}
        >
          <ProductDetail
            key={selected.id}
            product={selected}
            disabled={disabled}
            onAddToCart={(quantity) => onAddToCart(selected.id, quantity)}
          />
        </div>
      )}
    </>
  );
}
