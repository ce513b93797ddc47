import { formatCents, type ProductId } from '@store/core';
import { useState } from 'react';
import { ProductImage } from '../../../components/product/product-image';
import type { CatalogProduct } from '../../../lib/catalog/storefront-catalog';
import { useTabs } from '../../../lib/use-tabs';
import { ProductDetail } from './product-detail';
import styles from './product-tabs.module.css';

export interface ProductTabsProps {
  products: readonly CatalogProduct[];
  onAddToCart: (productId: ProductId, quantity: number) => void;
  disabled: boolean;
}

/** One tab per product (WAI-ARIA tabs pattern, selection follows focus), for a catalog of a few products. */
export function ProductTabs({ products, onAddToCart, disabled }: ProductTabsProps) {
  const [chosenId, setChosenId] = useState<ProductId | null>(null);
  // A product withdrawn while it was shown gives its place to the first one.
  const selectedId = products.some((product) => product.id === chosenId)
    ? chosenId!
    : (products[0]?.id ?? '');
  const tabs = useTabs({
    ids: products.map((product) => product.id),
    selected: selectedId,
    onSelect: setChosenId,
    idPrefix: 'product',
  });

  return (
    <>
      <div role="tablist" aria-label="Products" className={styles.tablist}>
        {products.map((product, index) => (
          <button key={product.id} {...tabs.tabProps(product.id, index)} className={styles.tab}>
            <ProductImage
              productId={product.id}
              imageUrl={product.imageUrl}
              decorative
              className={styles.tabThumb}
            />
            <span className={styles.tabText}>
              {product.shortName}
              <span className={styles.tabPrice}>
                {formatCents(product.priceCents)}
                {!product.inStock && ' · Out of stock'}
              </span>
            </span>
          </button>
        ))}
      </div>

      {products.map((product) => (
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
    </>
  );
}
