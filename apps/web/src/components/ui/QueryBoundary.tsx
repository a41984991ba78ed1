import type { ReactNode } from 'react'
import { formatGatewayError } from '../../lib/gateway'
import { type GatewayReach, useGatewayReach } from '../../lib/gatewayReach'
import { ErrorState } from './ErrorState'
import { SavedDataMark } from './SavedDataMark'
import { Skeleton, type SkeletonProps } from './Skeleton'

/** The parts of a TanStack Query result (plain or infinite) that the loading and error states read. */
export type QueryStatus<TData> = {
  data: TData | undefined
  isError: boolean
  error: unknown
  isFetching: boolean
  refetch: () => Promise<unknown>
  /** When the data was fetched (0 before any); with it, saved data is marked as such. */
  dataUpdatedAt?: number
}

export type QueryErrorProps = {
  title: string
  query: Pick<QueryStatus<unknown>, 'error' | 'isFetching' | 'refetch'>
}

/** The gateway error of a failed query, with a retry that refetches it. */
export function QueryError({ title, query }: QueryErrorProps) {
  return (
    <ErrorState
      title={title}
      message={formatGatewayError(query.error)}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  )
}

export type QueryBoundaryProps<TData> = {
  query: QueryStatus<TData>
  /** Title of the error state, e.g. "Could not load the Safe". */
  errorTitle: string
  /** The skeleton shown until the first data arrives. */
  loading: SkeletonProps
  /** Puts the loading and error states in a card, for content that brings its own cards. */
  card?: boolean
  children: (data: TData) => ReactNode
}

/** Whether a query's data is saved data: its refetch failed, or it predates an outage of the gateway. */
export const isSavedData = (query: QueryStatus<unknown>, reach: GatewayReach): boolean =>
  query.data !== undefined &&
  !!query.dataUpdatedAt &&
  (query.isError || (reach.state === 'unreachable' && query.dataUpdatedAt < reach.since))

/**
 * A query's content once it has data (stale data wins over a failed refetch, and is marked as saved); before
 * that, its error with a retry, or a skeleton while it loads.
 */
export function QueryBoundary<TData>({
  query,
  errorTitle,
  loading,
  card,
  children,
}: QueryBoundaryProps<TData>) {
  const reach = useGatewayReach()
  if (query.data !== undefined)
    return isSavedData(query, reach) && query.dataUpdatedAt ? (
      <>
        <SavedDataMark at={query.dataUpdatedAt} />
        {children(query.data)}
      </>
    ) : (
      children(query.data)
    )
  const state = query.isError ? <QueryError title={errorTitle} query={query} /> : <Skeleton {...loading} />
  return card ? <div className="card">{state}</div> : state
}
