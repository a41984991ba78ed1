import type * as SafeTx from '@concord/safe/SafeTx'
import type { SafeTxHashes } from '@concord/safe/verifySafeTx'
import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import type { ReactNode } from 'react'
import type { Address } from 'viem'
import { DecodedData } from '../../../../components/decoded/DecodedData'
import { AddressView } from '../../../../components/ui/AddressView'
import { CopyButton } from '../../../../components/ui/CopyButton'
import { DeviceHashes } from '../../../../components/ui/DeviceHashes'
import { QrCode } from '../../../../components/ui/QrCode'
import { Skeleton } from '../../../../components/ui/Skeleton'
import { explorerAddressUrl } from '../../../../lib/explorer'
import { formatTokenAmount } from '../../../../lib/format'
import { formatGatewayError } from '../../../../lib/gateway'
import type { SafeCall } from '../../types'
import { verifyFragment } from '../../verify/verifyLink'
import type { CallChecks } from './useCallChecks'

/** Long calldata, cut in the middle; the full value is in the tooltip. */
function HexData({ data }: { data: string }) {
  return (
    <code className="address" title={data} data-testid="review-data">
      {data.length > 74 ? `${data.slice(0, 42)}…${data.slice(-32)}` : data}{' '}
      <span className="muted small">({(data.length - 2) / 2} bytes)</span>
    </code>
  )
}

export function ReviewCard({
  title,
  testId,
  children,
}: {
  title: string
  testId: string
  children: ReactNode
}) {
  return (
    <div className="card" data-testid={testId}>
      <h2>{title}</h2>
      {children}
    </div>
  )
}

/** The nonce a transaction uses and how many of the required confirmations this browser verified. */
export function NonceAndConfirmations({
  nonce,
  confirmed,
  required,
}: {
  nonce: bigint | number
  confirmed: number
  required: number | undefined
}) {
  return (
    <ReviewCard title="Nonce and confirmations" testId="review-confirmations">
      <dl className="tx-review-grid">
        <dt>Nonce</dt>
        <dd data-testid="review-nonce-value">{String(nonce)}</dd>
        <dt>Verified confirmations</dt>
        <dd data-testid="review-confirmed-count">
          {confirmed} of {required ?? '?'} required
        </dd>
      </dl>
    </ReviewCard>
  )
}

/** The raw fields of the call: what the Safe will do, whatever the decoder says. */
export function CallFields({ chain, call, summary }: { chain: ChainInfo; call: SafeCall; summary?: string }) {
  const { symbol, decimals } = chain.nativeCurrency
  return (
    <ReviewCard title="Transaction" testId="review-call">
      {summary ? (
        <p className="review-summary" data-testid="review-summary">
          <strong>{summary}</strong>
        </p>
      ) : null}
      <dl className="tx-review-grid">
        <dt>To</dt>
        <dd>
          <AddressView
            address={call.to}
            explorerUrl={explorerAddressUrl(chain, call.to)}
            testId="review-to"
          />
        </dd>
        <dt>Value</dt>
        <dd data-testid="review-value">
          {formatTokenAmount(call.value, decimals, decimals)} {symbol}
        </dd>
        <dt>Operation</dt>
        <dd data-testid="review-operation">
          {call.operation === 1 ? (
            <span className="badge warning">DELEGATECALL: runs the target's code as the Safe</span>
          ) : (
            'CALL'
          )}
        </dd>
        <dt>Data</dt>
        <dd>{call.data === '0x' ? <span className="muted">none</span> : <HexData data={call.data} />}</dd>
      </dl>
    </ReviewCard>
  )
}

/** The decoder's reading of the calldata, already checked against it (problems are shown by the caller). */
export function DecodedPanel({
  chain,
  call,
  checks,
}: {
  chain: ChainInfo
  call: SafeCall
  checks: CallChecks
}) {
  if (!checks.hasData)
    return (
      <ReviewCard title="Action" testId="review-decoded">
        <p className="muted">A plain transfer of the native coin: no contract call.</p>
      </ReviewCard>
    )
  return (
    <ReviewCard title="Action" testId="review-decoded">
      {checks.reading ? (
        <DecodedData chain={chain} decoded={checks.reading} target={call.to} />
      ) : checks.decoded.isError ? (
        <p className="muted">
          The data decoder could not read this call ({formatGatewayError(checks.decoded.error)}): check the
          raw data above.
        </p>
      ) : checks.decoded.isFetching ? (
        <Skeleton lines={2} label="Decoding" />
      ) : (
        <p className="muted">Not decoded.</p>
      )}
    </ReviewCard>
  )
}

/** The gateway's dry run: would it succeed now, the gas it used, and how the Safe's balances would move. */
export function SimulationPanel({ checks }: { checks: CallChecks }) {
  const { simulation } = checks
  return (
    <ReviewCard title="Simulation" testId="review-simulation">
      {simulation.data ? (
        <>
          <p data-testid="simulation-status">
            {simulation.data.success ? (
              <span className="tx-success">Succeeds if executed now</span>
            ) : (
              <span className="tx-failure">
                Would fail if executed now
                {simulation.data.revertReason ? `: ${simulation.data.revertReason}` : ''}
              </span>
            )}{' '}
            <span className="muted small" data-testid="simulation-gas">
              ({BigInt(simulation.data.gasUsed).toLocaleString('en-US')} gas)
            </span>
          </p>
          {simulation.data.balanceChanges.length > 0 ? (
            <table className="table" data-testid="simulation-changes">
              <thead>
                <tr>
                  <th scope="col">Asset</th>
                  <th scope="col" className="numeric">
                    Change
                  </th>
                  <th scope="col" className="numeric">
                    After
                  </th>
                </tr>
              </thead>
              <tbody>
                {simulation.data.balanceChanges.map((change) => (
                  <tr
                    key={change.tokenAddress ?? 'native'}
                    data-testid="simulation-change"
                    data-symbol={change.symbol}
                  >
                    <td>{change.symbol}</td>
                    <td
                      className={`numeric ${change.change.startsWith('-') ? 'tx-change-negative' : 'tx-change-positive'}`}
                      data-testid="simulation-change-amount"
                    >
                      {change.change.startsWith('-') ? '' : '+'}
                      {formatTokenAmount(change.change, change.decimals, change.decimals)} {change.symbol}
                    </td>
                    <td className="numeric">
                      {formatTokenAmount(change.after, change.decimals, change.decimals)} {change.symbol}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="muted small">No change to the Safe's balances.</p>
          )}
        </>
      ) : simulation.isError ? (
        <p className="muted" data-testid="simulation-error">
          Not simulated: {formatGatewayError(simulation.error)}
        </p>
      ) : (
        <Skeleton lines={2} label="Simulating" />
      )}
    </ReviewCard>
  )
}

/**
 * The hashes to compare with what a hardware wallet shows before approving, and (given the transaction) a
 * /verify link and QR code to recompute them on another device.
 */
export function HashesPanel({
  hashes,
  verify,
}: {
  hashes: SafeTxHashes | null
  verify?: { chainId: number; safe: Address; tx: SafeTx.SafeTx } | undefined
}) {
  const link = verify ? `${window.location.origin}/verify${verifyFragment(verify)}` : undefined
  return (
    <ReviewCard title="Hashes" testId="review-hashes">
      {hashes ? (
        <DeviceHashes
          domainHash={hashes.domainHash}
          messageHash={hashes.messageHash}
          extra={[{ label: 'safeTxHash', value: hashes.safeTxHash, testId: 'review-safe-tx-hash' }]}
          testIdPrefix="review"
        />
      ) : (
        <p className="muted">Computed once the nonce is valid.</p>
      )}
      {hashes && link ? (
        <details className="small" data-testid="review-verify-elsewhere">
          <summary>Check on another device</summary>
          <p className="muted">
            Open this link or scan the code on a device you trust: its /verify page computes the same hashes
            from the transaction's fields, with no request to any server.
          </p>
          <p>
            <a href={link} target="_blank" rel="noreferrer" data-testid="review-verify-link">
              Open in /verify
            </a>{' '}
            <CopyButton value={link} label="Copy the /verify link" />
          </p>
          <QrCode value={link} size={200} label="The transaction's /verify link" />
        </details>
      ) : null}
    </ReviewCard>
  )
}
