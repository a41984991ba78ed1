import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { formatDateTime, formatTokenAmount } from '../../../lib/format'
import { type ExplorerTransaction, explorerTxQueryOptions } from '../api/requests'
import { explorerAddressPath } from './ExplorerAddressView'

const STATUS = { pending: 'Pending', success: 'Success', reverted: 'Reverted' } as const

/** Concord's own page for any transaction of a chain without a block explorer. */
export function ExplorerTransactionView({ chain, hash }: { chain: ChainInfo; hash: string }) {
  const query = useQuery(explorerTxQueryOptions(chain.chainId, hash))
  return (
    <QueryBoundary query={query} errorTitle="Could not read this transaction" loading={{ lines: 6 }} card>
      {(tx) => <TransactionFacts chain={chain} tx={tx} />}
    </QueryBoundary>
  )
}

function TransactionFacts({ chain, tx }: { chain: ChainInfo; tx: ExplorerTransaction }) {
  const address = (value: string) => (
    <Link to={explorerAddressPath(chain.chainId, value)}>
      <code>{value}</code>
    </Link>
  )
  const rows: [string, React.ReactNode, string?][] = [
    ['Hash', <code key="h">{tx.hash}</code>],
    ['Status', STATUS[tx.status], 'explorer-status'],
    ['Block', tx.blockNumber ?? '—', 'explorer-block'],
    ['Time', tx.timestamp === null ? '—' : formatDateTime(tx.timestamp)],
    ['From', address(tx.from), 'explorer-from'],
    ['To', tx.to ? address(tx.to) : tx.contractAddress ? <>Created {address(tx.contractAddress)}</> : '—'],
    ['Value', `${formatTokenAmount(tx.value, chain.nativeCurrency.decimals)} ${chain.nativeCurrency.symbol}`],
    ['Nonce', String(tx.nonce)],
    ['Gas used', tx.gasUsed ?? '—'],
    ['Logs', tx.logs === null ? '—' : String(tx.logs), 'explorer-logs'],
    ['Calldata', tx.methodId ? `${tx.methodId}… (${tx.inputSize} bytes)` : 'None'],
  ]
  return (
    <div className="card" data-testid="explorer-transaction">
      <dl className="facts">
        {rows.map(([label, value, testId]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
