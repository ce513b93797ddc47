import { CUSTOMER_SEARCH_MAX_LENGTH } from '@store/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useMay } from '../../api/staff-session';
import { Button } from '../../../../components/ui/button';
import { AlertCircleIcon, SearchIcon } from '../../../../components/ui/icons';
import { adminCustomerPath } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { useCustomers } from '../../api/customers/list-customers';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { plural, uniqueRows } from '../../utils/rows';
import { ListEmpty } from '../list-state';
import { PaymentLinkDialog } from '../orders/payment-link-dialog';
import { PaymentLinksList } from '../orders/payment-links-list';
import { LoadMoreButton } from '../load-more';
import { DateTimeText, PanelHeader, PanelProblem, TableSkeleton } from '../panel-parts';
import panel from '../panel.module.css';
import table from '../data-table.module.css';
import styles from './customers-panel.module.css';

const SEARCH_DELAY_MS = 300;
const SEARCH_LABEL = 'Search by Customer ID, name or email';

/** "Failed to fetch customers", the server's message, or why no answer came. */
function customersFailureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.kind === 'network') return `Failed to load customers. ${error.message}`;
  }
  return 'Failed to fetch customers';
}

export interface CustomersPanelProps {
  /** What the operator typed (kept by the console, so it survives a trip to another tab). */
  searchText: string;
  onSearchTextChange: (text: string) => void;
}

/**
 * The Customers tab (decision 032): customers newest first, found by the Customer ID they read out from My
 * Account, their name or their email; each opens the customer's page. Below them, the newest payment links,
 * and a new one for a caller who is not a customer (decision 034).
 */
export function CustomersPanel({ searchText, onSearchTextChange }: CustomersPanelProps) {
  const may = useMay();
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const query = useCustomers(search);
  const [linking, setLinking] = useState(false);
  const customers = useMemo(
    () => uniqueRows(query.data?.pages.map((page) => page.customers) ?? [], (row) => String(row.customerId)),
    [query.data],
  );

  return (
    <>
      <PanelHeader
        title="Customers"
        meta="Accounts newest first, with their saved methods and orders"
        actions={may('payment-link') && <Button onClick={() => setLinking(true)}>New payment link</Button>}
      />

      <div className={panel.toolbar} role="search" aria-label="Find a customer">
        <div className={`${panel.filterField} ${styles.searchField}`}>
          <label htmlFor="customers-search" className={panel.filterLabel}>
            {SEARCH_LABEL}
          </label>
          <div className={panel.search}>
            <SearchIcon />
            <input
              id="customers-search"
              type="search"
              className={`${panel.searchInput} ${panel.searchInputWide}`}
              placeholder="100001, Ada Lovelace, ada@example.com"
              value={searchText}
              maxLength={CUSTOMER_SEARCH_MAX_LENGTH}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => onSearchTextChange(event.target.value)}
            />
          </div>
        </div>
      </div>

      {query.isError && query.data && (
        <PanelProblem>
          Could not refresh: {customersFailureText(query.error)}. Showing the last list.
        </PanelProblem>
      )}

      <div className={panel.card} aria-busy={query.isFetching && query.isPlaceholderData}>
        {query.isPending ? (
          <TableSkeleton columns={6} />
        ) : query.isError && !query.data ? (
          <div className={table.empty} role="alert">
            <span className={`${table.emptyIcon} ${table.emptyIconProblem}`} aria-hidden="true">
              <AlertCircleIcon size={30} />
            </span>
            <p className={table.emptyTitle}>{customersFailureText(query.error)}</p>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : customers.length === 0 ? (
          <ListEmpty
            title={search ? 'No customers match' : 'No customers yet'}
            text={
              search
                ? 'Try the Customer ID from My Account (6 digits), the start of a name, or the start of an email address.'
                : 'Customers who open an account are listed here.'
            }
          />
        ) : (
          <div className={table.wrap}>
            <table className={table.table} aria-label="Customers">
              <thead>
                <tr>
                  <th scope="col">Customer</th>
                  <th scope="col">Customer ID</th>
                  <th scope="col">Since</th>
                  <th scope="col" className={table.numeric}>
                    Saved methods
                  </th>
                  <th scope="col" className={table.numeric}>
                    Orders
                  </th>
                  <th scope="col">Last order</th>
                </tr>
              </thead>
              <tbody>
                {customers.map((customer) => (
                  <tr key={customer.customerId}>
                    <td className={`${table.primary} ${styles.nameCell}`} data-label="Customer">
                      <Link className={styles.name} to={adminCustomerPath(customer.customerId)}>
                        {customer.name}
                      </Link>
                      <span className={`${table.sub} ${styles.email}`}>{customer.email}</span>
                    </td>
                    <td className={table.headline} data-label="Customer ID">
                      <span className={styles.customerId}>{customer.customerId}</span>
                    </td>
                    <td data-label="Since">
                      <DateTimeText iso={customer.createdAt} />
                    </td>
                    <td className={table.numeric} data-label="Saved methods">
                      {customer.savedMethodCount}
                    </td>
                    <td className={table.numeric} data-label="Orders">
                      {customer.orderCount}
                    </td>
                    <td data-label="Last order">
                      {customer.lastOrderAt ? (
                        <DateTimeText iso={customer.lastOrderAt} />
                      ) : (
                        <span className={table.muted}>None yet</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {customers.length > 0 && (
          <div className={panel.more}>
            <span className={panel.moreNote}>Showing {plural(customers.length, 'customer')}</span>
            <LoadMoreButton query={query} />
          </div>
        )}
      </div>

      <section className={styles.links} aria-labelledby="payment-links-heading">
        <div className={panel.header}>
          <div className={panel.heading}>
            <h2 id="payment-links-heading" className={panel.title}>
              Payment links
            </h2>
            <p className={panel.meta}>The newest 50, sent to customers and to callers without an account</p>
          </div>
        </div>
        <div className={panel.card}>
          <PaymentLinksList />
        </div>
      </section>

      {linking && <PaymentLinkDialog onClose={() => setLinking(false)} />}
    </>
  );
}
