import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { catalogFromAnswer, readEmbeddedCatalog, type CatalogProduct } from './storefront-catalog';

export interface CatalogContextValue {
  /** The products on sale, in the storefront's order; null until the catalog has been read. */
  products: readonly CatalogProduct[] | null;
  /** True when the catalog could not be read and there is none to show. */
  failed: boolean;
  /** Reads the catalog again (prices and stock move): after a checkout the store refused for it. */
  refreshCatalog(): Promise<void>;
}

const CatalogContext = createContext<CatalogContextValue | null>(null);

async function fetchCatalog(): Promise<CatalogProduct[]> {
  // The answer carries an ETag: the browser asks whether it changed and reuses what it holds.
  const response = await fetch('/api/catalog', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Server returned ${response.status} status code`);
  const products = catalogFromAnswer(await response.json());
  if (!products) throw new Error('The server sent an unexpected response.');
  return products;
}

/**
 * The one place the shopper's pages get products from (decision 061). The served page carries the catalog,
 * so the first render shows the products with no call first; without it (the development server) the
 * catalog is asked for once.
 */
export function CatalogProvider({ children }: { children: ReactNode }) {
  const [products, setProducts] = useState<readonly CatalogProduct[] | null>(readEmbeddedCatalog);
  const [failed, setFailed] = useState(false);

  const refreshCatalog = useCallback(async () => {
    try {
      setProducts(await fetchCatalog());
      setFailed(false);
    } catch {
      // What the page shows stays as it was; only a page with nothing to show says so.
      setFailed(true);
    }
  }, []);

  const missing = products === null;
  useEffect(() => {
    if (!missing) return;
    let wanted = true;
    fetchCatalog().then(
      (read) => {
        if (wanted) setProducts(read);
      },
      () => {
        if (wanted) setFailed(true);
      },
    );
    return () => {
      wanted = false;
    };
  }, [missing]);

  // A page brought back from the back/forward cache (Back from the payment page) holds the catalog of
  // when it was left: prices and stock may have moved since.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void refreshCatalog();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [refreshCatalog]);

  const value = useMemo<CatalogContextValue>(
    () => ({ products, failed: failed && products === null, refreshCatalog }),
    [products, failed, refreshCatalog],
  );
  return <CatalogContext value={value}>{children}</CatalogContext>;
}

export function useCatalog(): CatalogContextValue {
  const context = use(CatalogContext);
  if (!context) throw new Error('useCatalog must be used inside <CatalogProvider>');
  return context;
}
