import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** Fetches the next page of a list; nothing when the server has no more. */
export function LoadMoreButton({ query }: { query: PagedQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
    >
      {query.isFetchingNextPage ? <Spinner /> : null}
      Load more
    </Button>
  );
}
