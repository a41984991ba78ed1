import { Navigate, useLocation } from 'react-router'

/** `/transactions` opens the history, keeping the Safe in the query string. */
export function TransactionsIndexRoute() {
  const { search } = useLocation()
  return <Navigate to={{ pathname: '/transactions/history', search }} replace />
}
