import { useSearchParams } from 'react-router'
import { AppsCatalog } from '../../features/safe-apps/components/AppsCatalog'
import { OpenSafeApp } from './apps-open'
import { RequireSafe } from './RequireSafe'

/** `/apps?safe=…` lists the Safe Apps; `&appUrl=<url>` opens one in a frame talking to this Safe. */
export function AppsRoute() {
  const [params] = useSearchParams()
  const appUrl = params.get('appUrl')
  return (
    <section className="page">
      <RequireSafe>
        {(safe) =>
          appUrl ? (
            <OpenSafeApp safe={safe} appUrl={appUrl} />
          ) : (
            <>
              <h1>Apps</h1>
              <AppsCatalog
                chainId={safe.chain.chainId}
                hrefOf={(url) => safe.href('/apps', { appUrl: url })}
              />
            </>
          )
        }
      </RequireSafe>
    </section>
  )
}
