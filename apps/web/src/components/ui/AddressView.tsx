import type { AddressEx, ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { explorerAddressUrl } from '../../lib/explorer'
import { shortAddress } from '../../lib/format'
import { ExplorerLink } from './ExplorerLink'

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
      <ExplorerLink url={explorerUrl} />
    </span>
  )
}

export type ChainAddressProps = { chain: ChainInfo; address: AddressEx; testId?: string }

/** A gateway `AddressEx` (address and known name), linked to the chain's explorer. */
export function ChainAddress({ chain, address, testId }: ChainAddressProps) {
  return (
    <AddressView
      address={address.value}
      name={address.name}
      explorerUrl={explorerAddressUrl(chain, address.value)}
      testId={testId}
    />
  )
}
