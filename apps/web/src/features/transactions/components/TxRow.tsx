import type { ChainInfo, TransactionSummary } from '@safe-global/safe-gateway-typescript-sdk'
import { ArrowDownLeft, ArrowUpRight, Code, Dot, type LucideIcon, Settings, Sparkles } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useAddressName } from '../../../components/ui/AddressNamesContext'
import { Identicon } from '../../../components/ui/Identicon'
import { formatTime, shortAddress } from '../../../lib/format'
import { describeTransaction, statusLabel } from '../utils/describeTransaction'

const KIND_ICONS: Record<ReturnType<typeof describeTransaction>['kind'], LucideIcon> = {
  incoming: ArrowDownLeft,
  outgoing: ArrowUpRight,
  settings: Settings,
  custom: Code,
  creation: Sparkles,
  other: Dot,
}

/** A shortened address (`0xeE3A…F886`, lib/format's shortAddress) inside a description. */
const SHORT_ADDRESS = /(0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4})/

/**
 * The description with each shortened address kept on one line: a line may break after an ellipsis, and a
 * narrow row would otherwise show `0x3C44…` and `93BC` on two lines.
 */
function withWholeAddresses(text: string): ReactNode[] {
  return text.split(SHORT_ADDRESS).map((part, i) =>
    i % 2 === 1 ? (
      <span key={part + String(i)} className="tx-address">
        {part}
      </span>
    ) : (
      part
    ),
  )
}

export type TxRowProps = {
  chain: ChainInfo
  transaction: TransactionSummary
  /** Link to the transaction page. */
  href: string
  /** The team's note on it, if any (another feature's, composed by the app). */
  note?: ReactNode
}

/** One transaction in the history or queue: type, amount or method, counterparty, time and status. */
export function TxRow({ chain, transaction, href, note }: TxRowProps) {
  const description = describeTransaction(transaction.txInfo, chain.nativeCurrency)
  const execution = transaction.executionInfo
  // The address books' name first, then the gateway's (a known contract or token).
  const counterpartyName = useAddressName(description.counterparty?.address.value ?? '', chain.chainId)
  const KindIcon = KIND_ICONS[description.kind]
  return (
    <li className="tx-row-item">
      <Link
        to={href}
        className={`tx-row ${description.kind}`}
        data-testid="tx-row"
        data-tx-id={transaction.id}
        data-kind={description.kind}
      >
        <span className="tx-icon" aria-hidden="true">
          <KindIcon size={16} aria-hidden="true" />
        </span>
        <span className="tx-main">
          <span className="tx-type" data-testid="tx-type">
            {description.title}
          </span>
          {description.detail ? (
            <span className="tx-detail" data-testid="tx-detail">
              {withWholeAddresses(description.detail)}
            </span>
          ) : null}
          {description.counterparty ? (
            <span className="muted small tx-counterparty">
              {description.counterparty.label}{' '}
              <Identicon value={description.counterparty.address.value} size={14} />{' '}
              <span className="tx-counterparty-name" data-testid="tx-counterparty-name">
                {counterpartyName ||
                  description.counterparty.address.name ||
                  shortAddress(description.counterparty.address.value)}
              </span>
            </span>
          ) : null}
          {note}
        </span>
        <span className="tx-meta muted small">
          {execution?.type === 'MULTISIG' ? <span title="Nonce">#{execution.nonce}</span> : null}
          {execution?.type === 'MULTISIG' ? (
            <span title="Confirmations">
              {execution.confirmationsSubmitted}/{execution.confirmationsRequired} signatures
            </span>
          ) : null}
          <span>{formatTime(transaction.timestamp)}</span>
        </span>
        <span className={`tx-status status-${transaction.txStatus.toLowerCase()}`} data-testid="tx-status">
          {statusLabel(transaction.txStatus)}
        </span>
      </Link>
    </li>
  )
}
