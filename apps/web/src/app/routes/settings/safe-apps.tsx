import { SafeAppPermissions } from '../../../features/safe-apps/components/SafeAppPermissions'

/** Settings → Safe Apps: the permissions apps were given or refused in this browser, revocable. */
export function SafeAppsSettingsRoute() {
  return (
    <div className="card">
      <h2>Safe Apps permissions</h2>
      <SafeAppPermissions />
    </div>
  )
}
