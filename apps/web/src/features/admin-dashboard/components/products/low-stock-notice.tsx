import type { AdminProduct } from '@store/core';
import { ClockIcon } from '../../../../components/ui/icons';
import { stockTexts } from '../../utils/products/product-list';
import styles from './products.module.css';

/** The products on sale that are running low, above the list, so that they are ordered in before they run out. */
export function LowStockNotice({ products }: { products: readonly AdminProduct[] }) {
  if (products.length === 0) return null;
  return (
    <section className={styles.lowStock} aria-labelledby="low-stock-title">
      <ClockIcon size={20} />
      <div className={styles.lowStockText}>
        <h3 id="low-stock-title" className={styles.lowStockTitle}>
          {products.length === 1 ? '1 product is running low' : `${products.length} products are running low`}
        </h3>
        <ul className={styles.lowStockList}>
          {products.map((product) => (
            <li key={product.id}>
              <strong>{product.name}</strong> ({product.sku}): {stockTexts(product).count} left
              {product.lowStockThreshold !== null && `, threshold ${product.lowStockThreshold}`}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
