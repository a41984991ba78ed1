import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { AddressView } from '../../../components/ui/AddressView'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { formatTokenAmount } from '../../../lib/format'
import { formatSafeParam, safeHref } from '../../../lib/safeLink'
import { type ExplorerAddress, explorerAddressQueryOptions } from '../api/requests'

export const explorerAddressPath = (chainId: string, address: string) =>
  `/explorer/${chainId}/address/${address}`

/** Concord's own page for any address of a chain without a block explorer. */
export function ExplorerAddressView({ chain, address }: { chain: ChainInfo; address: string }) {
  const query = useQuery(explorerAddressQueryOptions(chain.chainId, address))
  return (
    <QueryBoundary query={query} errorTitle="Could not read this address" loading={{ lines: 4 }} card>
      {(data) => <AddressFacts chain={chain} data={data} />}
    </QueryBoundary>
  )
}

function AddressFacts({ chain, data }: { chain: ChainInfo; data: ExplorerAddress }) {
  const open = (safe: string) => safeHref('/assets', formatSafeParam(chain, safe))
  return (
    <div className="card" data-testid="explorer-address">
      <p>
        <AddressView address={data.address} />
      </p>
      <dl className="facts">
        <div>
          <dt>Balance</dt>
          <dd>
            <span className="fact-value" data-testid="explorer-balance">
              {formatTokenAmount(data.balance, chain.nativeCurrency.decimals)} {chain.nativeCurrency.symbol}
            </span>
          </dd>
        </div>
        <div>
          <dt>Kind</dt>
          <dd>
            <span className="fact-value" data-testid="explorer-kind">
              {data.safe ? 'Safe' : data.isContract ? 'Contract' : 'Account'}
            </span>
          </dd>
        </div>
        <div>
          <dt>Transactions sent</dt>
          <dd>
            <span className="fact-value">{data.transactionCount}</span>
          </dd>
        </div>
      </dl>
      {data.safe ? (
        <p data-testid="explorer-safe">
          A Safe ({data.safe.threshold} of {data.safe.owners.length} owners, nonce {data.safe.nonce}
          {data.safe.version ? `, version ${data.safe.version}` : ''}).{' '}
          <Link to={open(data.address)}>Open this Safe</Link>
        </p>
      ) : null}
      {data.ownerOf.length ? (
        <>
          <h3>Owner of</h3>
          <ul data-testid="explorer-owner-of">
            {data.ownerOf.map((safe) => (
              <li key={safe}>
                <Link to={open(safe)}>
                  <code>{safe}</code>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}
