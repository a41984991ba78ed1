import type {
  AddressEx,
  ChainInfo,
  MultisigExecutionDetails,
  TransactionData,
  TransactionDetails,
} from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { AddressView } from '../../../components/ui/AddressView'
import { ErrorState } from '../../../components/ui/ErrorState'
import { Skeleton } from '../../../components/ui/Skeleton'
import { explorerAddressUrl, explorerTxUrl } from '../../../lib/explorer'
import { formatDateTime, formatTokenAmount } from '../../../lib/format'
import { formatGatewayError } from '../../../lib/gateway'
import { decodedDataQueryOptions, transactionDetailsQueryOptions } from '../queries'
import { describeTransaction, statusLabel } from '../utils/describeTransaction'
import { DecodedData, HexData } from './DecodedData'

export type TxDetailsProps = { chain: ChainInfo; id: string }

/** The transaction page: summary, decoded call data, confirmations and explorer links. */
export function TxDetails({ chain, id }: TxDetailsProps) {
  const query = useQuery(transactionDetailsQueryOptions(chain.chainId, id))
  if (!query.data) {
    if (query.isError)
      return (
        <div className="card">
          <ErrorState
            title="Could not load the transaction"
            message={formatGatewayError(query.error)}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </div>
      )
    return (
      <div className="card">
        <Skeleton lines={6} label="Loading the transaction" />
      </div>
    )
  }
  const tx = query.data
  const description = describeTransaction(tx.txInfo, chain.nativeCurrency)
  const execution = tx.detailedExecutionInfo
  const multisig = execution?.type === 'MULTISIG' ? (execution as MultisigExecutionDetails) : null
  const address = (item: AddressEx, testId?: string) => (
    <AddressView
      address={item.value}
      name={item.name}
      explorerUrl={explorerAddressUrl(chain, item.value)}
      testId={testId}
    />
  )

  return (
    <div className="tx-details" data-testid="tx-details" data-tx-id={tx.txId}>
      <div className="card">
        <div className="card-toolbar">
          <h2 data-testid="tx-title">{description.title}</h2>
          <span className={`tx-status status-${tx.txStatus.toLowerCase()}`} data-testid="tx-status">
            {statusLabel(tx.txStatus)}
          </span>
        </div>
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
              <dd>{address(description.counterparty.address, 'tx-counterparty')}</dd>
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
                <code className="address" data-testid="tx-safe-tx-hash">
                  {multisig.safeTxHash}
                </code>
              </dd>
            </>
          ) : null}
          {execution?.type === 'MODULE' ? (
            <>
              <dt>Module</dt>
              <dd>{address(execution.address)}</dd>
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
      <code className="address">{hash}</code>
      {url ? (
        <a
          className="explorer-link"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="View on explorer"
          data-testid="tx-explorer-link"
        >
          ↗
        </a>
      ) : null}
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
          <AddressView
            address={data.to.value}
            name={data.to.name}
            explorerUrl={explorerAddressUrl(chain, data.to.value)}
            testId="tx-to"
          />
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
        <DecodedData chain={chain} decoded={data.dataDecoded} addressInfoIndex={data.addressInfoIndex} />
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
  if (query.data) return <DecodedData chain={chain} decoded={query.data} />
  if (query.isError)
    return (
      <ErrorState
        title="Could not decode the call data"
        message={formatGatewayError(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  return <Skeleton lines={2} label="Decoding the call data" />
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
              ✓
            </span>
            <AddressView
              address={confirmation.signer.value}
              name={confirmation.signer.name}
              explorerUrl={explorerAddressUrl(chain, confirmation.signer.value)}
              testId="tx-confirmation-signer"
            />
            <span className="muted small">{formatDateTime(confirmation.submittedAt)}</span>
          </li>
        ))}
        {missing.map((signer) => (
          <li key={signer.value} className="confirmation pending" data-testid="tx-missing-confirmation">
            <span className="check" title="Not confirmed">
              ○
            </span>
            <AddressView
              address={signer.value}
              name={signer.name}
              explorerUrl={explorerAddressUrl(chain, signer.value)}
            />
          </li>
        ))}
      </ol>
      {execution.executor ? (
        <p className="small">
          Executed by{' '}
          <AddressView
            address={execution.executor.value}
            name={execution.executor.name}
            explorerUrl={explorerAddressUrl(chain, execution.executor.value)}
            testId="tx-executor"
          />
        </p>
      ) : null}
    </div>
  )
}
