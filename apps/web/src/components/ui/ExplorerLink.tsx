export type ExplorerLinkProps = {
  /** Explorer page; nothing is rendered when the chain has no explorer. */
  url: string | undefined
  testId?: string
}

/** The small "↗" link to a block explorer page, opened in a new tab. */
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
      ↗
    </a>
  )
}
