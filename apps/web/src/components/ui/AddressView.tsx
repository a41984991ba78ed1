import { shortAddress } from '../../lib/format'

export type AddressViewProps = {
  address: string
  /** A known name (contract, token) shown before the address. */
  name?: string | null | undefined
  /** Explorer page of the address; no link when the chain has no explorer. */
  explorerUrl?: string | undefined
  short?: boolean
  testId?: string
}

/** An address in monospace, optionally named and linked to the chain's explorer. */
export function AddressView({ address, name, explorerUrl, short, testId }: AddressViewProps) {
  return (
    <span className="address-view" data-testid={testId} data-address={address}>
      {name ? <span className="address-name">{name}</span> : null}
      <code className="address" title={address}>
        {short ? shortAddress(address) : address}
      </code>
      {explorerUrl ? (
        <a
          className="explorer-link"
          href={explorerUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="View on explorer"
          data-testid="explorer-link"
        >
          ↗
        </a>
      ) : null}
    </span>
  )
}
