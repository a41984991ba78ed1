import type { AddressEx, TransactionInfo, TransactionStatus } from '@safe-global/safe-gateway-typescript-sdk'
import { formatTokenAmount, shortAddress } from '../../../lib/format'

export type TxKind = 'incoming' | 'outgoing' | 'settings' | 'custom' | 'creation' | 'other'

/** What a transaction list row (and the top of the transaction page) says about a transaction. */
export type TxDescription = {
  kind: TxKind
  /** Type of the transaction: `Sent`, `Received`, `Add owner`, `multiSend · 3 actions`, `Safe created`… */
  title: string
  /** Amount with symbol for transfers (`1 ETH`, `100 cUSD`), the change for settings, the method otherwise. */
  detail: string | null
  /** The other side: recipient, sender, called contract or creator. */
  counterparty: { label: 'to' | 'from' | 'by' | 'on'; address: AddressEx } | null
}

export type NativeCurrency = { symbol: string; decimals: number }

// NEST sends CHANGE_MASTER_COPY where the SDK (and the Rust CGW) say CHANGE_IMPLEMENTATION.
const SETTINGS_TITLES: Record<string, string> = {
  ADD_OWNER: 'Add owner',
  REMOVE_OWNER: 'Remove owner',
  SWAP_OWNER: 'Swap owner',
  CHANGE_THRESHOLD: 'Change threshold',
  CHANGE_IMPLEMENTATION: 'Change implementation',
  CHANGE_MASTER_COPY: 'Change implementation',
  ENABLE_MODULE: 'Enable module',
  DISABLE_MODULE: 'Disable module',
  SET_GUARD: 'Set guard',
  DELETE_GUARD: 'Remove guard',
  SET_MODULE_GUARD: 'Set module guard',
  DELETE_MODULE_GUARD: 'Remove module guard',
  SET_FALLBACK_HANDLER: 'Set fallback handler',
}

export const STATUS_LABELS: Record<TransactionStatus | string, string> = {
  AWAITING_CONFIRMATIONS: 'Awaiting confirmations',
  AWAITING_EXECUTION: 'Awaiting execution',
  CANCELLED: 'Cancelled',
  FAILED: 'Failed',
  SUCCESS: 'Success',
}

export const statusLabel = (status: string): string => STATUS_LABELS[status] ?? status

const named = (address: AddressEx | null | undefined): string =>
  address ? address.name || shortAddress(address.value) : 'unknown'

type SettingsInfoLike = { type: string } & Record<string, unknown>

function describeSettings(info: SettingsInfoLike | null | undefined): string | null {
  if (!info) return null
  const address = (key: string) => named(info[key] as AddressEx | undefined)
  switch (info.type) {
    case 'ADD_OWNER':
    case 'REMOVE_OWNER':
      return `${address('owner')}, threshold ${String(info.threshold)}`
    case 'SWAP_OWNER':
      return `${address('oldOwner')} → ${address('newOwner')}`
    case 'CHANGE_THRESHOLD':
      return `threshold ${String(info.threshold)}`
    case 'CHANGE_IMPLEMENTATION':
    case 'CHANGE_MASTER_COPY':
      return address('implementation')
    case 'ENABLE_MODULE':
    case 'DISABLE_MODULE':
      return address('module')
    case 'SET_GUARD':
      return address('guard')
    case 'SET_MODULE_GUARD':
      return address('moduleGuard')
    case 'SET_FALLBACK_HANDLER':
      return address('handler')
    default:
      return null
  }
}

/** Turns a CGW `txInfo` into the words the transaction lists show. */
export function describeTransaction(info: TransactionInfo, native: NativeCurrency): TxDescription {
  switch (info.type) {
    case 'Transfer': {
      const incoming = info.direction === 'INCOMING'
      const outgoing = info.direction === 'OUTGOING'
      const transfer = info.transferInfo
      let detail: string
      if (transfer.type === 'ERC20')
        detail = `${formatTokenAmount(transfer.value, transfer.decimals)} ${transfer.tokenSymbol || transfer.tokenName || 'tokens'}`
      else if (transfer.type === 'ERC721')
        detail = `${transfer.tokenSymbol || transfer.tokenName || 'NFT'} #${transfer.tokenId}`
      else detail = `${formatTokenAmount(transfer.value ?? '0', native.decimals)} ${native.symbol}`
      return {
        kind: incoming ? 'incoming' : outgoing ? 'outgoing' : 'other',
        title: incoming ? 'Received' : outgoing ? 'Sent' : 'Transfer',
        detail,
        counterparty: incoming
          ? { label: 'from', address: info.sender }
          : { label: 'to', address: info.recipient },
      }
    }
    case 'SettingsChange': {
      const settings = info.settingsInfo as SettingsInfoLike | null | undefined
      const method = info.dataDecoded?.method
      const change = describeSettings(settings)
      return {
        kind: 'settings',
        title: (settings && SETTINGS_TITLES[settings.type]) || method || 'Settings change',
        detail: [method, change].filter(Boolean).join(' · ') || null,
        counterparty: null,
      }
    }
    case 'Custom': {
      if (info.isCancellation)
        return { kind: 'custom', title: 'On-chain rejection', detail: null, counterparty: null }
      const value = info.value && info.value !== '0' ? info.value : null
      const amount = value ? `${formatTokenAmount(value, native.decimals)} ${native.symbol}` : null
      const count = info.actionCount
      const title =
        info.methodName === 'multiSend' && typeof count === 'number'
          ? `multiSend · ${count} ${count === 1 ? 'action' : 'actions'}`
          : info.methodName || 'Contract interaction'
      return { kind: 'custom', title, detail: amount, counterparty: { label: 'on', address: info.to } }
    }
    case 'Creation':
      return {
        kind: 'creation',
        title: 'Safe created',
        detail: null,
        counterparty: { label: 'by', address: info.creator },
      }
    default:
      return {
        kind: 'other',
        title: String((info as { type: string }).type),
        detail: null,
        counterparty: null,
      }
  }
}

/**
 * A transaction's action as a phrase for a sentence, e.g. "send 1 cUSD to Alice", "add owner: Bob, threshold 2",
 * "call approve on cUSD", "reject nonce 7". `nameOf` gives the address books' names (the gateway's otherwise).
 */
export function actionPhrase(
  info: TransactionInfo,
  native: NativeCurrency,
  nameOf: (address: string) => string | undefined = () => undefined,
  nonce?: number,
): string {
  const who = (address: AddressEx) => nameOf(address.value) ?? named(address)
  const described = describeTransaction(info, native)
  if (info.type === 'Custom' && info.isCancellation)
    return nonce === undefined ? 'reject the transaction at this nonce' : `reject nonce ${nonce}`
  switch (described.kind) {
    case 'outgoing':
      return `send ${described.detail} to ${who((info as { recipient: AddressEx }).recipient)}`
    case 'incoming':
      return `receive ${described.detail} from ${who((info as { sender: AddressEx }).sender)}`
    case 'settings': {
      const change = describeSettings((info as { settingsInfo?: SettingsInfoLike | null }).settingsInfo)
      return `${described.title.toLowerCase()}${change ? `: ${change}` : ''}`
    }
    case 'custom': {
      const target = described.counterparty ? ` on ${who(described.counterparty.address)}` : ''
      const value = described.detail ? ` with ${described.detail}` : ''
      return info.type === 'Custom' && info.methodName === 'multiSend'
        ? `run a batch of ${info.actionCount ?? 'several'} actions${value}`
        : `call ${info.type === 'Custom' && info.methodName ? info.methodName : 'a contract'}${target}${value}`
    }
    default:
      return described.title.toLowerCase()
  }
}
