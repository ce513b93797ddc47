import { formatCents, dollarsToCents, type AdminProduct } from '@store/core';
import { useMemo, useState } from 'react';
import { Button, buttonClassName } from '../../../../components/ui/button';
import { ArrowDownIcon, PlusIcon, SearchIcon } from '../../../../components/ui/icons';
import { Spinner } from '../../../../components/ui/spinner';
import { useChangeProduct } from '../../api/products/change-product';
import { PRODUCTS_CSV_PATH } from '../../api/products/import-products';
import { useProducts } from '../../api/products/list-products';
import { useMay } from '../../api/staff-session';
import { useNotices } from '../../hooks/use-notices';
import { failureText } from '../../utils/admin-errors';
import { productFormOf, productRequestOf } from '../../utils/products/product-form';
import {
  filterProducts,
  isProductFilter,
  lowStockBadge,
  lowStockProducts,
  PRODUCT_FILTER_OPTIONS,
  stockTexts,
  type ProductFilter,
} from '../../utils/products/product-list';
import { plural } from '../../utils/rows';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import { ListEmpty, ListState, StaleListProblem } from '../list-state';
import { NoticeList } from '../notices';
import { DataTable, PanelHeader, RefreshNote } from '../panel-parts';
import { RoleNote } from '../role-note';
import { StatusBadge } from '../status-badge';
import { ImportProductsDialog } from './import-products-dialog';
import { LowStockNotice } from './low-stock-notice';
import { ProductDialog } from './product-dialog';
import dialogStyles from '../dialog.module.css';
import panel from '../panel.module.css';
import table from '../data-table.module.css';
import styles from './products.module.css';

type ProductDialogState = { kind: 'add' | 'import' } | { kind: 'edit' | 'deactivate'; product: AdminProduct };

/**
 * The Products tab (decision 061): the catalog with its prices and stock, what is running low, and for the
 * roles that may edit it, products added, changed, taken off sale and put back on.
 */
export function ProductsPanel() {
  const query = useProducts();
  const may = useMay();
  const editable = may('catalog');
  const change = useChangeProduct();
  const { notices, push, dismiss } = useNotices();
  const [searchText, setSearchText] = useState('');
  const [filter, setFilter] = useState<ProductFilter>('active');
  const [dialog, setDialog] = useState<ProductDialogState | null>(null);
  const products = useMemo(() => query.data ?? [], [query.data]);
  const shown = useMemo(() => filterProducts(products, searchText, filter), [products, searchText, filter]);
  const low = useMemo(() => lowStockProducts(products), [products]);
  const reactivating = change.isPending ? change.variables.id : undefined;

  // Its fields as they stand, on sale or not; its stock as the list showed it, so a count that moved is kept.
  const setActive = (product: AdminProduct, active: boolean) =>
    change.mutateAsync({
      id: product.id,
      product: productRequestOf(productFormOf(product), active),
      stockWas: product.stockOnHand,
    });

  const reactivate = async (product: AdminProduct) => {
    try {
      await setActive(product, true);
      push({ tone: 'success', title: `Reactivated ${product.name}`, detail: 'It is on sale again.' });
    } catch (caught) {
      push({
        tone: 'error',
        title: `${product.name} was not reactivated`,
        detail: failureText(caught, 'Failed to save the product'),
      });
    }
  };

  return (
    <>
      <PanelHeader
        title="Products"
        meta={
          <>
            The catalog the store sells from, with prices and stock · <RefreshNote query={query} />
          </>
        }
        actions={
          <>
            {may('export') && (
              <a
                className={buttonClassName({ variant: 'secondary' })}
                href={PRODUCTS_CSV_PATH}
                download
                title="Every product, on sale or not, as a CSV file the import reads back"
              >
                <ArrowDownIcon size={18} />
                Export CSV
              </a>
            )}
            {editable && (
              <Button variant="secondary" onClick={() => setDialog({ kind: 'import' })}>
                Import CSV
              </Button>
            )}
            {editable && (
              <Button onClick={() => setDialog({ kind: 'add' })}>
                <PlusIcon size={18} />
                Add product
              </Button>
            )}
          </>
        }
      />

      <RoleNote rights={['catalog']} />
      <NoticeList notices={notices} onDismiss={dismiss} />
      <LowStockNotice products={low} />
      <StaleListProblem query={query} list="products" />

      <div className={panel.toolbar} role="search" aria-label="Find a product">
        <div className={`${panel.filterField} ${panel.searchField}`}>
          <label htmlFor="products-search" className={panel.filterLabel}>
            Search by name or SKU
          </label>
          <div className={panel.search}>
            <SearchIcon />
            <input
              id="products-search"
              type="search"
              className={`${panel.searchInput} ${panel.searchInputWide}`}
              placeholder="Stapler, PEN-BP-200"
              value={searchText}
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </div>
        </div>
        <div className={panel.filterField}>
          <label htmlFor="products-status" className={panel.filterLabel}>
            Show
          </label>
          <select
            id="products-status"
            className={panel.select}
            value={filter}
            onChange={(event) => {
              const value = event.target.value;
              if (isProductFilter(value)) setFilter(value);
            }}
          >
            {PRODUCT_FILTER_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className={panel.card}>
        <ListState
          query={query}
          list="products"
          columns={5}
          isEmpty={shown.length === 0}
          empty={
            <ListEmpty
              title={products.length === 0 ? 'No products yet' : 'No product matches'}
              text={products.length === 0 ? undefined : 'Try another search or show all products.'}
            />
          }
        >
          <DataTable
            label="Products"
            columns={[
              'Product',
              { label: 'Price', kind: 'numeric' },
              { label: 'Stock', kind: 'numeric' },
              'Status',
              ...(editable ? [{ label: 'Actions', kind: 'actions' } as const] : []),
            ]}
          >
            {shown.map((product) => {
              const stock = stockTexts(product);
              const badge = lowStockBadge(product);
              return (
                <tr key={product.id} className={reactivating === product.id ? table.busyRow : undefined}>
                  <td className={`${table.primary} ${styles.nameCell}`} data-label="Product">
                    <span className={styles.name}>{product.name}</span>
                    <span className={`${table.sub} ${styles.sku}`}>
                      SKU {product.sku} · {product.unitOfMeasure}
                    </span>
                  </td>
                  <td className={table.numeric} data-label="Price">
                    {formatCents(dollarsToCents(product.price))}
                  </td>
                  <td className={table.numeric} data-label="Stock">
                    <span className={table.cellStack}>
                      <span className={product.stockOnHand === null ? table.muted : undefined}>
                        {stock.count}
                      </span>
                      {stock.held && <span className={table.sub}>{stock.held}</span>}
                    </span>
                  </td>
                  <td data-label="Status">
                    <span className={styles.badges}>
                      <StatusBadge
                        label={product.active ? 'Active' : 'Inactive'}
                        tone={product.active ? 'success' : 'neutral'}
                      />
                      {badge && <StatusBadge label={badge.label} tone={badge.tone} />}
                    </span>
                  </td>
                  {editable && (
                    <td className={table.actions}>
                      {reactivating === product.id ? (
                        <span className={table.rowBusy} role="status">
                          <Spinner />
                          Saving…
                        </span>
                      ) : (
                        <div className={table.buttons}>
                          <Button
                            size="small"
                            variant="secondary"
                            onClick={() => setDialog({ kind: 'edit', product })}
                            aria-label={`Edit ${product.name}`}
                          >
                            Edit
                          </Button>
                          {product.active ? (
                            <Button
                              size="small"
                              variant="ghost"
                              className={dialogStyles.dangerGhost}
                              onClick={() => setDialog({ kind: 'deactivate', product })}
                              aria-label={`Deactivate ${product.name}`}
                            >
                              Deactivate
                            </Button>
                          ) : (
                            <Button
                              size="small"
                              variant="secondary"
                              onClick={() => void reactivate(product)}
                              aria-label={`Reactivate ${product.name}`}
                            >
                              Reactivate
                            </Button>
                          )}
                        </div>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </DataTable>
        </ListState>
        {products.length > 0 && (
          <div className={panel.more}>
            <span className={panel.moreNote}>
              {shown.length === products.length
                ? plural(products.length, 'product', 'products')
                : `${shown.length} of ${plural(products.length, 'product', 'products')}`}
            </span>
          </div>
        )}
      </div>

      {dialog?.kind === 'import' && <ImportProductsDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'add' && (
        <ProductDialog
          onClose={() => setDialog(null)}
          onSaved={(saved) =>
            push({ tone: 'success', title: `Added ${saved.name}`, detail: 'It is on sale.' })
          }
        />
      )}
      {dialog?.kind === 'edit' && (
        <ProductDialog
          product={dialog.product}
          onClose={() => setDialog(null)}
          onSaved={(saved) => push({ tone: 'success', title: `Saved ${saved.name}` })}
        />
      )}
      {dialog?.kind === 'deactivate' && (
        <ConfirmActionDialog
          title="Deactivate product"
          subtitle={dialog.product.name}
          question="The storefront stops selling it, and it is no longer offered for phone orders or payment links. Orders that name it keep it."
          factsLabel="Product"
          facts={[
            { term: 'SKU', value: dialog.product.sku },
            { term: 'Price', value: formatCents(dollarsToCents(dialog.product.price)) },
            { term: 'Stock', value: stockTexts(dialog.product).count },
          ]}
          keepLabel="Keep it on sale"
          confirmLabel="Deactivate"
          busyLabel="Deactivating…"
          failure={{ unconfirmed: 'Failed to save the product', refused: 'Failed to save the product' }}
          onConfirm={async () => {
            const product = dialog.product;
            await setActive(product, false);
            push({ tone: 'success', title: `Deactivated ${product.name}`, detail: 'It is off sale.' });
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
