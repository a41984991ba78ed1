import { useSyncExternalStore } from 'react'
import { permissionStore } from '../permissions'

/** Settings → Safe Apps: what each app origin was allowed or refused; revoking lets the app ask again. */
export function SafeAppPermissions() {
  const all = useSyncExternalStore(permissionStore.subscribe, permissionStore.all)
  const origins = Object.entries(all).filter(([, list]) => list.length > 0)
  if (!origins.length)
    return (
      <p className="muted" data-testid="no-app-permissions">
        No Safe App has asked for a permission yet.
      </p>
    )
  return (
    <ul className="stack" data-testid="app-permissions">
      {origins.map(([origin, list]) => (
        <li key={origin} className="card" data-testid="app-permission" data-origin={origin}>
          <strong>{origin}</strong>
          <ul>
            {list.map((p) => (
              <li key={p.parentCapability}>
                {p.parentCapability}:{' '}
                {p.caveats?.some((c) => c.type === 'userRestricted') ? 'refused' : 'allowed'}
                {p.date ? ` (${new Date(p.date).toLocaleString()})` : ''}{' '}
                <button
                  type="button"
                  className="button"
                  onClick={() => permissionStore.revoke(origin, p.parentCapability)}
                  data-testid="revoke-permission"
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  )
}
