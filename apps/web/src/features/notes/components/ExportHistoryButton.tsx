import { historyExportUrl } from '../api/requests'

/** Downloads the Safe's executed history as CSV from the gateway (notes included for a signed-in owner). */
export function ExportHistoryButton({ chainId, safe }: { chainId: string; safe: string }) {
  const url = historyExportUrl(chainId, safe)
  if (!url) return null
  return (
    <a className="button small-button" href={url} download data-testid="history-export">
      Export CSV
    </a>
  )
}
