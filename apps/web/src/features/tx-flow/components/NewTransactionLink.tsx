import { Link } from 'react-router'
import './newTransactionLink.css'

export type NewTransactionLinkProps = {
  /** `/transactions/new` of the open Safe, with any preselection (`kind`, `token`, `collectible`, `action`). */
  href: string
  label?: string
  /** `primary` for the main entry points (sidebar, Home); `row` for asset rows and NFTs. */
  variant?: 'primary' | 'row'
  testId?: string
}

/** The way into the New transaction flow from the sidebar, Home, asset rows, NFTs and Settings → Setup. */
export function NewTransactionLink({
  href,
  label = 'New transaction',
  variant = 'primary',
  testId = 'new-transaction-link',
}: NewTransactionLinkProps) {
  return (
    <Link
      to={href}
      className={variant === 'primary' ? 'button primary tx-new-link' : 'button small-button tx-new-link-row'}
      data-testid={testId}
    >
      {label}
    </Link>
  )
}
