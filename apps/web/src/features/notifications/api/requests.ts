// The gateway's notification routes: registration as Safe{Wallet} does it (the Client Gateway's
// POST /v1/register/notifications), and Concord's feed for browsers (GET /v1/notifications/devices/{uuid}/events)
// and team preferences.
import type { NotificationType } from '@concord/safe/notificationTypes'
import { type Address, type Hex, keccak256, stringToBytes } from 'viem'
import { gatewayFetch } from '../../../lib/gatewayFetch'

export type NotificationEvent = {
  id: number
  type: NotificationType
  chainId: string
  address: string
  /** Milliseconds. */
  createdAt: number
  safeTxHash?: string
  txHash?: string
  messageHash?: string
  owner?: string
  failed?: boolean
  value?: string | null
  tokenAddress?: string
  tokenId?: string | null
  /** A proposal's risk checks, most serious first (computed by the gateway; the review computes them again). */
  risks?: { kind: string; level: string; title: string; why: string }[]
  /** RECOVERY_PROPOSED: the Delay modifier, the queued transaction and the owners it would set. */
  delay?: string
  queueNonce?: number
  newOwners?: string[] | null
  newThreshold?: number | null
  /** Unix seconds. */
  executableAt?: number
}

export type NotificationFeed = {
  count: number
  next: string | null
  previous: string | null
  results: NotificationEvent[]
  unread: number
}

export type NotificationPreferences = {
  eventTypes: NotificationType[]
  disabledTypes: NotificationType[]
  updatedBy: string | null
  updatedAt: number | null
}

/** What a browser sends as its "cloud messaging token": it has none (no push service), the field is required. */
export const WEB_TOKEN = 'concord-web'

/**
 * The hash an owner signs (personal_sign over its 32 bytes) to let this browser follow `safes`:
 * keccak256(utf8("gnosis-safe" + timestamp + uuid + token + safes.sort().join(""))), as Safe{Wallet}.
 */
export const registrationHash = (p: {
  timestamp: string
  uuid: string
  token: string
  safes: string[]
}): Hex =>
  keccak256(stringToBytes(`gnosis-safe${p.timestamp}${p.uuid}${p.token}${[...p.safes].sort().join('')}`))

const segment = encodeURIComponent

export const registerDevice = (p: {
  uuid: string
  timestamp: string
  chainId: string
  safes: Address[]
  signature: Hex
}) =>
  gatewayFetch('POST', '/v1/register/notifications', {
    uuid: p.uuid,
    cloudMessagingToken: WEB_TOKEN,
    buildNumber: '1',
    bundle: 'concord-web',
    deviceType: 'WEB',
    version: '1.0.0',
    timestamp: p.timestamp,
    safeRegistrations: [{ chainId: p.chainId, safes: p.safes, signatures: [p.signature] }],
  })

export const unregisterSafe = (chainId: string, uuid: string, safe: string) =>
  gatewayFetch(
    'DELETE',
    `/v1/chains/${segment(chainId)}/notifications/devices/${segment(uuid)}/safes/${segment(safe)}`,
  )

export const fetchFeed = (uuid: string) =>
  gatewayFetch<NotificationFeed>('GET', `/v1/notifications/devices/${segment(uuid)}/events`)

export const markRead = (uuid: string, upTo: number) =>
  gatewayFetch<{ unread: number }>('POST', `/v1/notifications/devices/${segment(uuid)}/read`, { upTo })

const preferencesPath = (chainId: string, safe: string) =>
  `/v1/chains/${segment(chainId)}/safes/${segment(safe)}/notifications/preferences`

export const fetchPreferences = (chainId: string, safe: string) =>
  gatewayFetch<NotificationPreferences>('GET', preferencesPath(chainId, safe))

export const putPreferences = (chainId: string, safe: string, disabledTypes: NotificationType[]) =>
  gatewayFetch<NotificationPreferences>('PUT', preferencesPath(chainId, safe), { disabledTypes })

/** What the feed needs of each chain: the `safe` link prefix and the native coin of incoming funds. */
export type ChainSummary = { shortName: string; nativeCurrency: { symbol: string; decimals: number } }

export const fetchChainSummaries = async (): Promise<Record<string, ChainSummary>> => {
  const page = await gatewayFetch<{ results: ({ chainId: string } & ChainSummary)[] }>(
    'GET',
    '/v1/chains?cursor=limit%3D100%26offset%3D0',
  )
  return Object.fromEntries(
    page.results.map((c) => [
      c.chainId,
      {
        shortName: c.shortName,
        nativeCurrency: { symbol: c.nativeCurrency.symbol, decimals: c.nativeCurrency.decimals },
      },
    ]),
  )
}
