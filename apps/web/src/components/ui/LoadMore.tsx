import { formatGatewayError } from '../../lib/gateway'
import { ErrorState } from './ErrorState'

export type LoadMoreProps = {
  /** The parts of a TanStack infinite query result that the pager reads. */
  query: {
    error: unknown
    hasNextPage: boolean
    isFetchNextPageError: boolean
    isFetchingNextPage: boolean
    fetchNextPage: () => Promise<unknown>
  }
  /** Title of the error state when the next page fails, e.g. "Could not load more NFTs". */
  errorTitle: string
  testId: string
}

/** Pager of an infinite query: a "Load more" button while there is a next page, or the error of the last try. */
export function LoadMore({ query, errorTitle, testId }: LoadMoreProps) {
  if (query.isFetchNextPageError)
    return (
      <ErrorState
        title={errorTitle}
        message={formatGatewayError(query.error)}
        onRetry={() => void query.fetchNextPage()}
        retrying={query.isFetchingNextPage}
      />
    )
  if (!query.hasNextPage) return null
  return (
    <button
      type="button"
      className="button load-more"
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
      data-testid={testId}
    >
      {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
    </button>
  )
}
