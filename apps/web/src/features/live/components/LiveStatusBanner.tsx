import { useLiveStatus } from '../../../lib/liveStatus'

const time = (ms: number) => new Date(ms).toLocaleTimeString()

/** Says when the gateway's push channel is down (and since when) while the app falls back to polling. */
export function LiveStatusBanner() {
  const status = useLiveStatus()
  if (status.state !== 'offline') return null
  return (
    <div className="banner warning" role="status" data-testid="live-offline-banner">
      Live updates offline since {time(status.since)} — refreshing every {Math.round(status.pollMs / 1000)} s
    </div>
  )
}
