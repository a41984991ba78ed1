import type { SafeMessageListItem } from '@safe-global/safe-gateway-typescript-sdk'
import { useState } from 'react'
import type { Address } from 'viem'
import { formatTime } from '../../../lib/format'
import './messages.css'
import type { SafeMessage } from '../api/requests'
import { MessageDetails, type MessageSafe, type RenderOtherSigners } from './MessageDetails'

/** Midnight UTC labels (the DATE_LABELs of the Client Gateway's messages list), shown as that UTC day. */
const formatUtcDay = (timestamp: number) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(timestamp))

const preview = (message: SafeMessage['message']) =>
  typeof message === 'string'
    ? message
    : `EIP-712 ${(message as { primaryType?: string }).primaryType ?? 'typed data'}`

/** The Safe's messages as the gateway lists them: day labels, then each message with its status; one opens at a time. */
export function MessagesList({
  safe,
  items,
  account,
  renderOtherSigners,
}: {
  safe: MessageSafe
  items: readonly SafeMessageListItem[]
  account: Address | undefined
  renderOtherSigners?: RenderOtherSigners | undefined
}) {
  const [open, setOpen] = useState<string | null>(null)
  return (
    <ul className="tx-list" data-testid="message-list">
      {items.map((item) =>
        item.type === 'DATE_LABEL' ? (
          <li key={`date-${item.timestamp}`} className="list-label" data-testid="date-label">
            {formatUtcDay(item.timestamp)}
          </li>
        ) : (
          <li key={item.messageHash} data-testid="message-item" data-hash={item.messageHash}>
            <button
              type="button"
              className="message-row"
              aria-expanded={open === item.messageHash}
              onClick={() => setOpen(open === item.messageHash ? null : item.messageHash)}
              data-testid="message-row"
            >
              <span className="tx-main">
                <span className="tx-type" data-testid="message-preview">
                  {preview(item.message)}
                </span>
                <span className="tx-meta muted small">{formatTime(item.creationTimestamp)}</span>
              </span>
              <span className="muted small" data-testid="message-confirmations">
                {item.confirmationsSubmitted}/{item.confirmationsRequired}
              </span>
              <span
                className={`status-pill ${item.status === 'CONFIRMED' ? 'connected' : ''}`}
                data-testid="message-status"
              >
                {item.status === 'CONFIRMED' ? 'Confirmed' : 'Needs signatures'}
              </span>
            </button>
            {open === item.messageHash ? (
              <MessageDetails
                safe={safe}
                message={item as SafeMessage}
                account={account}
                renderOtherSigners={renderOtherSigners}
              />
            ) : null}
          </li>
        ),
      )}
    </ul>
  )
}
