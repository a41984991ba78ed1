// Which cached queries each live change makes stale: exactly those, through the features' key factories.
// Lives in app/ because it spans features (a feature never imports another).
import { NOTIFICATION_TYPES } from '@concord/safe/notificationTypes'
import type { QueryFilters, QueryKey } from '@tanstack/react-query'
import type { Address } from 'viem'
import { addressBookKeys } from '../features/address-book/api/keys'
import { assetKeys } from '../features/assets/api/keys'
import { delegatesKeys } from '../features/delegates/api/keys'
import type { LiveChange } from '../features/live/liveChange'
import { messagesKeys } from '../features/messages/api/keys'
import { notesKeys } from '../features/notes/api/keys'
import { notificationKeys } from '../features/notifications/api/keys'
import { queueKeys } from '../features/queue/api/keys'
import { recoveryKeys } from '../features/recovery/api/keys'
import { safeKeys } from '../features/safe/api/keys'
import { transactionKeys } from '../features/transactions/api/keys'

type Safe = { chainId: string; address: string }

/** Balances and collectibles of every currency and spam setting: the prefix before those parameters. */
const assetPrefixes = ({ chainId, address }: Safe): QueryKey[] => [
  [...assetKeys.all(), chainId, address, 'balances'],
  [...assetKeys.all(), chainId, address, 'collectibles'],
]

const queueLists = ({ chainId, address }: Safe): QueryKey[] => [
  queueKeys.list(chainId, address),
  transactionKeys.queue(chainId, address),
]

/**
 * A transaction's details under any id naming its safeTxHash (`multisig_<safe>_<hash>` or the bare hash):
 * the details page's, and (unless `queue: false`) the queue's per-version cache.
 */
const detailsOf = (chainId: string, safeTxHash: string, { queue = true } = {}): QueryFilters => {
  const hash = safeTxHash.toLowerCase()
  const prefixes = [
    [...transactionKeys.all(), chainId, 'details'],
    ...(queue ? [[...queueKeys.all(), chainId, 'details']] : []),
  ]
  return {
    predicate: ({ queryKey }) =>
      prefixes.some(
        (prefix) =>
          prefix.every((part, i) => queryKey[i] === part) &&
          String(queryKey[prefix.length] ?? '')
            .toLowerCase()
            .includes(hash),
      ),
  }
}

/** Everything of the open Safe a change can touch (polling fallback, and after a gap in the stream). */
export function allSafeQueries(safe: Safe): QueryFilters[] {
  return [
    ...[
      safeKeys.info(safe.chainId, safe.address),
      ...queueLists(safe),
      transactionKeys.history(safe.chainId, safe.address),
      ...assetPrefixes(safe),
      messagesKeys.list(safe.chainId, safe.address),
      notesKeys.safe(safe.chainId, safe.address),
    ].map((queryKey) => ({ queryKey })),
    // Open details pages (a confirmation, an execution, a message signature).
    { queryKey: [...transactionKeys.all(), safe.chainId, 'details'] },
    { queryKey: [...messagesKeys.all(), safe.chainId, 'details'] },
  ]
}

/** Changes the gateway turns into notification events: the bell's feed has a new entry for them. */
const NOTIFYING = new Set<string>(NOTIFICATION_TYPES)

/** The queries `change` makes stale for the open Safe `safe` (none when it concerns another Safe). */
export function queriesFor(change: LiveChange, safe: Safe): QueryFilters[] {
  const stale = safeQueriesFor(change, safe)
  return stale.length && NOTIFYING.has(change.type)
    ? [...stale, { queryKey: notificationKeys.feeds() }]
    : stale
}

function safeQueriesFor(change: LiveChange, safe: Safe): QueryFilters[] {
  if (String(change.chainId) !== safe.chainId) return []
  const same = (address: string) => address.toLowerCase() === safe.address.toLowerCase()
  const keys = (...queryKeys: QueryKey[]) => queryKeys.map((queryKey) => ({ queryKey }))
  const { chainId, address } = safe
  switch (change.type) {
    case 'BLOCK_INDEXED':
      // Owners, nonce, balances or history of this Safe changed on chain.
      return change.safes.some(same)
        ? keys(
            safeKeys.info(chainId, address),
            transactionKeys.history(chainId, address),
            ...queueLists(safe),
            ...assetPrefixes(safe),
          )
        : []
    default:
      if (!same(change.address)) return []
  }
  switch (change.type) {
    case 'PENDING_MULTISIG_TRANSACTION':
      // safeInfo carries txQueuedTag.
      return [
        ...keys(...queueLists(safe), safeKeys.info(chainId, address)),
        detailsOf(chainId, change.safeTxHash),
      ]
    case 'NEW_CONFIRMATION':
    case 'READY_TO_EXECUTE':
      return [...keys(...queueLists(safe)), detailsOf(chainId, change.safeTxHash)]
    case 'DELETED_MULTISIG_TRANSACTION':
      // The queue drops the item on its own refresh: its details there have nothing left to load.
      return [
        ...keys(...queueLists(safe), safeKeys.info(chainId, address)),
        detailsOf(chainId, change.safeTxHash, { queue: false }),
      ]
    case 'EXECUTED_MULTISIG_TRANSACTION':
      return [
        ...keys(
          ...queueLists(safe),
          transactionKeys.history(chainId, address),
          safeKeys.info(chainId, address),
          ...assetPrefixes(safe),
        ),
        detailsOf(chainId, change.safeTxHash),
      ]
    case 'INCOMING_ETHER':
    case 'INCOMING_TOKEN':
      return keys(transactionKeys.history(chainId, address), ...assetPrefixes(safe))
    case 'MESSAGE_CREATED':
      return keys(messagesKeys.list(chainId, address), safeKeys.info(chainId, address))
    case 'RECOVERY_PROPOSED':
      return keys(recoveryKeys.safe(chainId, address as Address))
    case 'MESSAGE_CONFIRMATION':
    case 'MESSAGE_CONFIRMED':
      return keys(messagesKeys.list(chainId, address), messagesKeys.details(chainId, change.messageHash))
    case 'TEAM_DATA_UPDATED':
      switch (change.what) {
        case 'notes':
          return keys(notesKeys.safe(chainId, address))
        case 'delegates':
          return keys(delegatesKeys.list(chainId, address))
        case 'notifications':
          return keys(notificationKeys.preferences(chainId, address))
        case 'addressBook':
          return keys([...addressBookKeys.all(), chainId, address.toLowerCase()])
      }
  }
}
