import { Spinner } from './spinner';

/**
 * The whole page while its code is being fetched (every page but the storefront loads on demand): a page
 * of its own, with its landmark and heading, marked busy until the page replaces it.
 */
export function RouteLoading() {
  return (
    <main
      aria-busy="true"
      style={{ flex: 1, display: 'grid', placeItems: 'center', minHeight: '60vh' }}
      data-route-loading
    >
      <h1 className="visually-hidden">Loading…</h1>
      <Spinner size="large" />
    </main>
  );
}
