import { InvalidMessageError, type SafeMessageContent, validateMessage } from '@concord/safe/messages'
import {
  confirmSafeMessage,
  getSafeMessage,
  getSafeMessages,
  proposeSafeMessage,
  type SafeMessageListPage,
  type SafeMessage as SdkSafeMessage,
} from '@safe-global/safe-gateway-typescript-sdk'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { Hex } from 'viem'
import { gatewayCall } from '../../../lib/gateway'
import { pollUnlessLive } from '../../../lib/liveStatus'
import { messagesKeys } from './keys'

/**
 * A message as the gateway serves it (the Client Gateway's message shape; its NestJS version adds `origin`,
 * `preparedSignature` may be null).
 */
export type SafeMessage = Omit<SdkSafeMessage, 'type' | 'message'> & {
  message: SafeMessageContent | SdkSafeMessage['message']
  preparedSignature?: string | null
}

/** How often the open list refreshes (another owner may sign meanwhile); paused while the tab is hidden. */
export const MESSAGES_REFRESH_MS = 4000

/** `GET /v1/chains/{chainId}/safes/{safe}/messages`: newest first, with UTC day labels. */
export const messagesQueryOptions = (chainId: string, safe: string) =>
  infiniteQueryOptions({
    queryKey: messagesKeys.list(chainId, safe),
    queryFn: ({ pageParam }): Promise<SafeMessageListPage> =>
      gatewayCall(() => getSafeMessages(chainId, safe, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: SafeMessageListPage) => page.next ?? undefined,
    refetchInterval: pollUnlessLive(MESSAGES_REFRESH_MS),
  })

/** `GET /v1/chains/{chainId}/messages/{hash}` */
export const messageQueryOptions = (chainId: string, hash: string) =>
  queryOptions({
    queryKey: messagesKeys.details(chainId, hash),
    queryFn: async () => (await gatewayCall(() => getSafeMessage(chainId, hash))) as SafeMessage,
  })

/** `POST /v1/chains/{chainId}/safes/{safe}/messages` (202): a new message with its proposer's signature. */
export const createMessage = (chainId: string, safe: string, message: SafeMessageContent, signature: Hex) =>
  gatewayCall(() =>
    proposeSafeMessage(chainId, safe, {
      message: message as Parameters<typeof proposeSafeMessage>[2]['message'],
      signature,
    }),
  )

/** `POST /v1/chains/{chainId}/messages/{hash}/signatures` */
export const addMessageSignature = (chainId: string, hash: string, signature: Hex) =>
  gatewayCall(() => confirmSafeMessage(chainId, hash, { signature }))

export type MessageKind = 'text' | 'typed'

/**
 * The message of the New message form: the text itself, or EIP-712 typed data given as JSON. Checked with the
 * rules the gateway applies (the same module), so the owner never signs what the gateway would refuse.
 */
export function parseMessageInput(
  kind: MessageKind,
  text: string,
): { ok: true; message: SafeMessageContent } | { ok: false; error: string } {
  if (kind === 'text') {
    if (!text) return { ok: false, error: 'Enter the message to sign' }
    try {
      return { ok: true, message: validateMessage(text) }
    } catch (error) {
      return { ok: false, error: (error as Error).message }
    }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, error: 'The typed data is not valid JSON' }
  }
  if (typeof json === 'string') return { ok: false, error: 'Invalid typed data' }
  try {
    return { ok: true, message: validateMessage(json) }
  } catch (error) {
    if (error instanceof InvalidMessageError) return { ok: false, error: error.message }
    throw error
  }
}
