import type { AddressEx, ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { explorerAddressUrl } from '../../lib/explorer'
import { shortAddress } from '../../lib/format'
import { useAddressName } from './AddressNamesContext'
import { CopyButton } from './CopyButton'
import { useEnsProfile } from './EnsContext'
import { ExplorerLink } from './ExplorerLink'
import { Identicon } from './Identicon'
import { useContractName } from './KnownTokensContext'

export type AddressViewProps = {
  address: string
  /** A known name (contract, token) shown before the address; the Safe's address book name wins. */
  name?: string | null | undefined
  /** Explorer page of the address; no link when the chain has no explorer. */
  explorerUrl?: string | undefined
  short?: boolean
  testId?: string
  /** A badge after the address, e.g. "you" for the connected wallet. */
  badge?: string | undefined
  /** The chain the address is on, for its address-book name (the open Safe's chain when not given). */
  chainId?: string | undefined
}

/**
 * An address in monospace with its identicon and a copy button, optionally named and linked to the explorer.
 * The name: the address books' first, else its ENS name (with its avatar; resolved lazily where the chain has an
 * ENS registry), else the given one, else a token's or a Safe library's name.
 */
export function AddressView({ address, name, explorerUrl, short, testId, badge, chainId }: AddressViewProps) {
  const bookName = useAddressName(address, chainId)
  const ens = useEnsProfile(address, chainId, !bookName)
  const contract = useContractName(address, chainId)
  const shown = bookName ?? ens?.name ?? name ?? contract
  return (
    <span className="address-view" data-testid={testId} data-address={address}>
      {!bookName && ens?.avatar ? (
        <img className="identicon ens-avatar" src={ens.avatar} width={20} height={20} alt="" />
      ) : (
        <Identicon value={address} />
      )}
      {shown ? (
        <span className="address-name" data-ens={!bookName && ens ? '' : undefined}>
          {shown}
        </span>
      ) : null}
      <code className="address" title={address}>
        {short ? shortAddress(address) : address}
      </code>
      {badge ? (
        <span className="badge" data-testid="address-badge">
          {badge}
        </span>
      ) : null}
      <CopyButton value={address} label="Copy address" />
      <ExplorerLink url={explorerUrl} />
    </span>
  )
}

export type ChainAddressProps = {
  chain: ChainInfo
  address: AddressEx
  testId?: string
  badge?: string | undefined
  short?: boolean
}

/** A gateway `AddressEx` (address and known name), linked to the chain's explorer. */
export function ChainAddress({ chain, address, testId, badge, short }: ChainAddressProps) {
  return (
    <AddressView
      address={address.value}
      chainId={chain.chainId}
      name={address.name}
      explorerUrl={explorerAddressUrl(chain, address.value)}
      testId={testId}
      badge={badge}
      short={short}
    />
  )
}
