import { CATALOG, formatCents, type ProductId } from '@store/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import { ProductImage } from '../../../components/product/product-image';
import { ProductDetail } from './product-detail';
import styles from './product-tabs.module.css';

export interface ProductTabsProps {
  onAddToCart: (productId: ProductId, quantity: number) => void;
  disabled: boolean;
}

const tabId = (id: ProductId) => `product-tab-${id}`;
const panelId = (id: ProductId) => `product-panel-${id}`;

/** One tab per product (WAI-ARIA tabs pattern, selection follows focus). */
export function ProductTabs({ onAddToCart, disabled }: ProductTabsProps) {
  const [selectedId, setSelectedId] = useState<ProductId>(CATALOG[0]?.id ?? 'pen-pack-100');
  const tabRefs = useRef(new Map<ProductId, HTMLButtonElement>());

  const select = (index: number) => {
    const product = CATALOG[(index + CATALOG.length) % CATALOG.length];
    if (!product) return;
    setSelectedId(product.id);
    tabRefs.current.get(product.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: CATALOG.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <section id="products" className={`container ${styles.section}`} aria-labelledby="products-title">
      <h2 id="products-title" className={styles.heading}>
        Our products
      </h2>
      <p className={styles.intro}>Two essentials, chosen carefully and priced fairly.</p>

      <div role="tablist" aria-label="Products" className={styles.tablist}>
        {CATALOG.map((product, index) => {
          const selected = product.id === selectedId;
          return (
            <button
              key={product.id}
              ref={(element) => {
                if (element) tabRefs.current.set(product.id, element);
                else tabRefs.current.delete(product.id);
              }}
              type="button"
              role="tab"
              id={tabId(product.id)}
              aria-selected={selected}
              aria-controls={panelId(product.id)}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              onClick={() => setSelectedId(product.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              <ProductImage productId={product.id} decorative className={styles.tabThumb} />
              <span className={styles.tabText}>
                {product.shortName}
                <span className={styles.tabPrice}>{formatCents(product.priceCents)}</span>
              </span>
            </button>
          );
        })}
      </div>

      {CATALOG.map((product) => (
        <div
          key={product.id}
          role="tabpanel"
          id={panelId(product.id)}
          aria-labelledby={tabId(product.id)}
          hidden={product.id !== selectedId}
          tabIndex={0}
          className={styles.panel}
        >
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
