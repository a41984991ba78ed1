import { Skeleton } from '../../components/ui/Skeleton'
import { lazyModule } from '../../lib/lazyModule'
import { SAFE_PARAM } from '../../lib/safeLink'
import { useCurrentSafe } from '../useCurrentSafe'
import { StartPage } from './start/StartPage'

// The Safe's dashboard is its own chunk: a first visit to the start page does not load it. A deep link to a Safe
// starts it with this module, so the first render of Home has it.
const safeHome = lazyModule(() => import('./safeHome'))
if (window.location.pathname === '/' && new URLSearchParams(window.location.search).has(SAFE_PARAM))
  void safeHome.load().catch(() => {})

/** `/`: the Safe's dashboard when `?safe=` names one, otherwise the start page. */
export function HomeRoute() {
  const current = useCurrentSafe()
  return current.status === 'none' ? <StartPage /> : <SafeHomeWhenLoaded />
}

/** The dashboard once its chunk has come (no Suspense boundary: see lib/lazyModule.ts). */
function SafeHomeWhenLoaded() {
  const module = safeHome.useModule()
  if (module) return <module.SafeHome />
  return (
    <section className="page">
      <h1>Home</h1>
      <Skeleton lines={4} label="Loading the dashboard" />
    </section>
  )
}
