import type { ProductId } from '@store/core';
import type { CatalogProduct } from '../../../lib/catalog/storefront-catalog';
import { ProductGrid } from './product-grid';
import { ProductTabs } from './product-tabs';
import styles from './product-tabs.module.css';

/** Up to this many products each has a tab (product §2); more are shown as a grid of cards. */
const MOST_PRODUCT_TABS = 4;

export interface ProductsSectionProps {
  /** The catalog on sale; null while it is being read. */
  products: readonly CatalogProduct[] | null;
  failed: boolean;
  onAddToCart: (productId: ProductId, quantity: number) => void;
  disabled: boolean;
}

export function ProductsSection({ products, failed, onAddToCart, disabled }: ProductsSectionProps) {
  return (
    <section id="products" className={`container ${styles.section}`} aria-labelledby="products-title">
      <h2 id="products-title" className={styles.heading}>
        Our products
      </h2>
      <p className={styles.intro}>Essentials, chosen carefully and priced fairly.</p>
      {products === null ? (
        <p className={styles.status} role="status">
          {failed ? 'Our products could not be loaded. Please reload the page.' : 'Loading our products…'}
        </p>
      ) : products.length === 0 ? (
        <p className={styles.status}>Nothing is on sale right now. Please come back soon.</p>
      ) : products.length <= MOST_PRODUCT_TABS ? (
        <ProductTabs products={products} onAddToCart={onAddToCart} disabled={disabled} />
      ) : (
        <ProductGrid products={products} onAddToCart={onAddToCart} disabled={disabled} />
      )}
    </section>
  );
}
