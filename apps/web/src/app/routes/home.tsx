import { lazy, Suspense } from 'react'
import { Skeleton } from '../../components/ui/Skeleton'
import { useCurrentSafe } from '../useCurrentSafe'
import { StartPage } from './start/StartPage'

// The Safe's dashboard is its own chunk: a first visit to the start page does not load it.
const SafeHome = lazy(() => import('./safeHome').then((m) => ({ default: m.SafeHome })))

/** `/`: the Safe's dashboard when `?safe=` names one, otherwise the start page. */
export function HomeRoute() {
  const current = useCurrentSafe()
  if (current.status === 'none') return <StartPage />
  return (
    <Suspense
      fallback={
        <section className="page">
          <h1>Home</h1>
          <Skeleton lines={4} label="Loading the dashboard" />
        </section>
      }
    >
      <SafeHome />
    </Suspense>
  )
}
