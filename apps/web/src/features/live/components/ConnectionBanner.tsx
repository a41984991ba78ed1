import { useGatewayReach } from '../../../lib/gatewayReach'
import { useLiveStatus } from '../../../lib/liveStatus'

const time = (ms: number) => new Date(ms).toLocaleTimeString()

export type ConnectionBannerProps = {
  /** How often the app asks the gateway again while it does not answer. */
  retryMs: number
}

/**
 * The one place that says the app is not up to date: the gateway does not answer (what the page shows is saved
 * data), or only its push channel is down (the app polls instead).
 */
export function ConnectionBanner({ retryMs }: ConnectionBannerProps) {
  const reach = useGatewayReach()
  const live = useLiveStatus()
  let banner: React.ReactNode = null
  if (reach.state === 'unreachable')
    banner = (
      <div className="banner warning" data-testid="gateway-offline-banner">
        <strong>Gateway unreachable</strong> since {time(reach.since)} — showing saved data, trying again
        every {Math.round(retryMs / 1000)} s
      </div>
    )
  else if (live.state === 'offline')
    banner = (
      <div className="banner warning" data-testid="live-offline-banner">
        Live updates offline since {time(live.since)} — refreshing every {Math.round(live.pollMs / 1000)} s
      </div>
    )
  // The live region stays mounted so that screen readers announce the banner when it appears.
  return (
    <div className="connection-banner" role="status">
      {banner}
    </div>
  )
}
