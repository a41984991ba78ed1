export type ExplorerLinkProps = {
  /** Explorer page; nothing is rendered when the chain has no explorer. */
  url: string | undefined
  testId?: string
}

import { ExternalLink } from 'lucide-react'

/** The small external-link icon linking to a block explorer page, opened in a new tab. */
export function ExplorerLink({ url, testId = 'explorer-link' }: ExplorerLinkProps) {
  if (!url) return null
  return (
    <a
      className="explorer-link"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="View on explorer"
      data-testid={testId}
    >
      <ExternalLink size={14} aria-hidden="true" />
    </a>
  )
}
