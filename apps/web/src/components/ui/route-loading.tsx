import { Spinner } from './spinner';

/** Shown while a page's code is being fetched (admin pages load on demand). */
export function RouteLoading() {
  return (
    <div style={{ flex: 1, display: 'grid', placeItems: 'center', minHeight: '60vh' }} role="status">
      <Spinner size="large" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
