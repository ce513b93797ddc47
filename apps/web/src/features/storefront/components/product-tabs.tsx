import { DEFAULT_CATALOG, formatCents, type ProductId } from '@store/core';
import { useState } from 'react';
import { ProductImage } from '../../../components/product/product-image';
import { useTabs } from '../../../lib/use-tabs';
import { ProductDetail } from './product-detail';
import styles from './product-tabs.module.css';

export interface ProductTabsProps {
  onAddToCart: (productId: ProductId, quantity: number) => void;
  disabled: boolean;
}

/** One tab per product (WAI-ARIA tabs pattern, selection follows focus). */
export function ProductTabs({ onAddToCart, disabled }: ProductTabsProps) {
  const [selectedId, setSelectedId] = useState<ProductId>(DEFAULT_CATALOG[0]?.id ?? 'pen-pack-100');
  const tabs = useTabs({
    ids: DEFAULT_CATALOG.map((product) => product.id),
    selected: selectedId,
    onSelect: setSelectedId,
    idPrefix: 'product',
  });

  return (
    <section id="products" className={`container ${styles.section}`} aria-labelledby="products-title">
      <h2 id="products-title" className={styles.heading}>
        Our products
      </h2>
      <p className={styles.intro}>Two essentials, chosen carefully and priced fairly.</p>

      <div role="tablist" aria-label="Products" className={styles.tablist}>
        {DEFAULT_CATALOG.map((product, index) => (
          <button key={product.id} {...tabs.tabProps(product.id, index)} className={styles.tab}>
            <ProductImage productId={product.id} decorative className={styles.tabThumb} />
            <span className={styles.tabText}>
              {product.shortName}
              <span className={styles.tabPrice}>{formatCents(product.priceCents)}</span>
            </span>
          </button>
        ))}
      </div>

      {DEFAULT_CATALOG.map((product) => (
        <div key={product.id} {...tabs.panelProps(product.id)} tabIndex={0} className={styles.panel}>
          {/* Only the shown product is rendered, so its fields ("Quantity") are the only ones on the page. */}
          {product.id === selectedId && (
            <ProductDetail
              product={product}
              disabled={disabled}
              onAddToCart={(quantity) => onAddToCart(product.id, quantity)}
            />
          )}
        </div>
      ))}
    </section>
  );
}
