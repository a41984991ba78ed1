import type {
  ChainInfo,
  MultisigExecutionDetails,
  TransactionData,
  TransactionDetails,
} from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { Check, Circle } from 'lucide-react'
import type { ReactNode } from 'react'
import { DecodedData, HexData } from '../../../components/decoded/DecodedData'
import { ChainAddress } from '../../../components/ui/AddressView'
import { CopyButton } from '../../../components/ui/CopyButton'
import { ExplorerLink } from '../../../components/ui/ExplorerLink'
import { HashView } from '../../../components/ui/HashView'
import { Identicon } from '../../../components/ui/Identicon'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { explorerTxUrl } from '../../../lib/explorer'
import { formatDateTime, formatTokenAmount } from '../../../lib/format'
import { decodedDataQueryOptions, transactionDetailsQueryOptions } from '../api/queries'
import { describeTransaction, statusLabel } from '../utils/describeTransaction'

export type TxDetailsProps = {
  chain: ChainInfo
  id: string
  /** What can be done with the transaction (confirm, execute), shown under its title; the app composes it in. */
  renderActions?: ((tx: TransactionDetails) => ReactNode) | undefined
}

/** The transaction page: summary, decoded call data, confirmations and explorer links. */
export function TxDetails({ chain, id, renderActions }: TxDetailsProps) {
  const query = useQuery(transactionDetailsQueryOptions(chain.chainId, id))
  return (
    <QueryBoundary
      query={query}
      errorTitle="Could not load the transaction"
      loading={{ lines: 6, label: 'Loading the transaction' }}
      card
    >
      {(tx) => <TxView chain={chain} tx={tx} actions={renderActions?.(tx)} />}
    </QueryBoundary>
  )
}

function TxView({ chain, tx, actions }: { chain: ChainInfo; tx: TransactionDetails; actions?: ReactNode }) {
  const description = describeTransaction(tx.txInfo, chain.nativeCurrency)
  const execution = tx.detailedExecutionInfo
  const multisig = execution?.type === 'MULTISIG' ? (execution as MultisigExecutionDetails) : null

  return (
    <div className="tx-details" data-testid="tx-details" data-tx-id={tx.txId}>
      <div className="card">
        <div className="card-toolbar">
          <h2 data-testid="tx-title">{description.title}</h2>
          <span className={`tx-status status-${tx.txStatus.toLowerCase()}`} data-testid="tx-status">
            {statusLabel(tx.txStatus)}
          </span>
        </div>
        {actions}
        {description.detail ? (
          <p className="tx-detail-line" data-testid="tx-detail">
            {description.detail}
          </p>
        ) : null}
        <dl className="kv">
          {description.counterparty ? (
            <>
              <dt>
                {description.counterparty.label === 'from'
                  ? 'From'
                  : description.counterparty.label === 'to'
                    ? 'To'
                    : description.counterparty.label === 'by'
                      ? 'Creator'
                      : 'Contract'}
              </dt>
              <dd>
                <ChainAddress
                  chain={chain}
                  address={description.counterparty.address}
                  testId="tx-counterparty"
                />
              </dd>
            </>
          ) : null}
          {multisig ? (
            <>
              <dt>Nonce</dt>
              <dd data-testid="tx-nonce">{multisig.nonce}</dd>
              <dt>Created</dt>
              <dd>{formatDateTime(multisig.submittedAt)}</dd>
            </>
          ) : null}
          {tx.executedAt ? (
            <>
              <dt>Executed</dt>
              <dd>{formatDateTime(tx.executedAt)}</dd>
            </>
          ) : null}
          {tx.txHash ? (
            <>
              <dt>Transaction hash</dt>
              <dd>
                <HashLink hash={tx.txHash} url={explorerTxUrl(chain, tx.txHash)} testId="tx-hash" />
              </dd>
            </>
          ) : null}
          {multisig ? (
            <>
              <dt>safeTxHash</dt>
              <dd>
                <HashView hash={multisig.safeTxHash} testId="tx-safe-tx-hash" />
              </dd>
            </>
          ) : null}
          {execution?.type === 'MODULE' ? (
            <>
              <dt>Module</dt>
              <dd>
                <ChainAddress chain={chain} address={execution.address} />
              </dd>
            </>
          ) : null}
        </dl>
      </div>

      {tx.txData ? <TxDataCard chain={chain} data={tx.txData} /> : null}

      {multisig ? <Confirmations chain={chain} execution={multisig} tx={tx} /> : null}
    </div>
  )
}

function HashLink({ hash, url, testId }: { hash: string; url: string | undefined; testId: string }) {
  return (
    <span className="address-view" data-testid={testId}>
      <Identicon value={hash} size={16} />
      <code className="address">{hash}</code>
      <CopyButton value={hash} label="Copy hash" />
      <ExplorerLink url={url} testId="tx-explorer-link" />
    </span>
  )
}

function TxDataCard({ chain, data }: { chain: ChainInfo; data: TransactionData }) {
  const hexData = data.hexData && data.hexData !== '0x' ? data.hexData : null
  const value = data.value && data.value !== '0' ? data.value : null
  return (
    <div className="card" data-testid="tx-data">
      <h2>Transaction data</h2>
      <dl className="kv">
        <dt>To</dt>
        <dd>
          <ChainAddress chain={chain} address={data.to} testId="tx-to" />
        </dd>
        {value ? (
          <>
            <dt>Value</dt>
            <dd>
              {formatTokenAmount(value, chain.nativeCurrency.decimals)} {chain.nativeCurrency.symbol}
            </dd>
          </>
        ) : null}
        <dt>Operation</dt>
        <dd>{data.operation === 1 ? <span className="badge warning">Delegate call</span> : 'Call'}</dd>
      </dl>
      {data.dataDecoded ? (
        <DecodedData
          chain={chain}
          decoded={data.dataDecoded}
          target={data.to.value}
          addressInfoIndex={data.addressInfoIndex}
        />
      ) : hexData ? (
        <DecodeFallback
          chain={chain}
          to={data.to.value}
          data={hexData}
          operation={data.operation === 1 ? 1 : 0}
        />
      ) : (
        <p className="muted">No call data: a plain transfer of the native currency.</p>
      )}
      {hexData ? (
        <details className="raw-data">
          <summary>Raw data</summary>
          <HexData data={hexData} />
        </details>
      ) : null}
    </div>
  )
}

/** Calldata the details left undecoded goes through the gateway's data decoder. */
function DecodeFallback({
  chain,
  to,
  data,
  operation,
}: {
  chain: ChainInfo
  to: string
  data: string
  operation: 0 | 1
}) {
  const query = useQuery(decodedDataQueryOptions(chain.chainId, to, data, operation))
  return (
    <QueryBoundary
      query={query}
      errorTitle="Could not decode the call data"
      loading={{ lines: 2, label: 'Decoding the call data' }}
    >
      {(decoded) => <DecodedData chain={chain} decoded={decoded} target={to} />}
    </QueryBoundary>
  )
}

function Confirmations({
  chain,
  execution,
  tx,
}: {
  chain: ChainInfo
  execution: MultisigExecutionDetails
  tx: TransactionDetails
}) {
  const confirmed = new Set(execution.confirmations.map((item) => item.signer.value.toLowerCase()))
  const missing = tx.executedAt
    ? []
    : execution.signers.filter((signer) => !confirmed.has(signer.value.toLowerCase()))
  return (
    <div className="card" data-testid="tx-confirmations">
      <div className="card-toolbar">
        <h2>Confirmations</h2>
        <span className="badge muted" data-testid="tx-confirmations-count">
          {execution.confirmations.length}/{execution.confirmationsRequired}
        </span>
      </div>
      {execution.confirmations.length === 0 ? <p className="muted">No owner has confirmed yet.</p> : null}
      <ol className="owner-list">
        {execution.confirmations.map((confirmation) => (
          <li key={confirmation.signer.value} className="confirmation" data-testid="tx-confirmation">
            <span className="check" title="Confirmed">
              <Check size={16} aria-hidden="true" />
            </span>
            <ChainAddress chain={chain} address={confirmation.signer} testId="tx-confirmation-signer" />
            <span className="muted small">{formatDateTime(confirmation.submittedAt)}</span>
          </li>
        ))}
        {missing.map((signer) => (
          <li key={signer.value} className="confirmation pending" data-testid="tx-missing-confirmation">
            <span className="check" title="Not confirmed">
              <Circle size={16} aria-hidden="true" />
            </span>
            <ChainAddress chain={chain} address={signer} />
          </li>
        ))}
      </ol>
      {execution.executor ? (
        <p className="small">
          Executed by <ChainAddress chain={chain} address={execution.executor} testId="tx-executor" />
        </p>
      ) : null}
    </div>
  )
}
