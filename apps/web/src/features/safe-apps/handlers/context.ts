// What each Safe Apps method handler is given besides the request: the open app's latest state, the frame's
// settings, the permission store and the ways to ask the user. One context per open frame (useSafeAppHost).
import type { SafeMessageContent } from '@concord/safe/messages'
import type { ChainInfo, SafeInfo } from '@safe-global/safe-gateway-typescript-sdk'
import type { RequestContext } from '../communicator'
import type { PermissionStore } from '../permissions'
import { AppFacingError, REJECTED_TRANSACTION } from '../protocol'
import type { AppCall } from '../requests'
import type { SafeSettings } from '../rpc'

/** Something the app asked for that needs the user: the host shows it, then settles it. */
export type HostPrompt = { id: string; reject: () => void } & (
  | {
      kind: 'transactions'
      calls: AppCall[]
      safeTxGas: bigint | undefined
      resolve: (safeTxHash: string) => void
    }
  | {
      kind: 'sign'
      mode: 'offChain' | 'onChain'
      message: SafeMessageContent
      resolve: (data: { safeTxHash: string } | { messageHash: string; signature: string }) => void
    }
)

export type PermissionPrompt = {
  id: string
  origin: string
  capabilities: string[]
  /** true: grant, false: refuse (remembered), null: closed without an answer (not remembered). */
  answer: (granted: boolean | null) => void
}

export type SafeAppHostState = {
  chain: ChainInfo
  safeInfo: SafeInfo
  /** The connected wallet cannot sign for the Safe. */
  isReadOnly: boolean
  addressBook: readonly { address: string; name: string }[]
  darkMode: boolean
}

/** Builds a prompt around the promise's settle functions; its reject answers the app 'Transaction was rejected'. */
export type PromptBuilder<T> = (resolve: (value: T) => void, reject: () => void) => HostPrompt

export type HostContext = {
  /** The host's latest state, read at each request (so React state changes reach the next request). */
  state: () => SafeAppHostState
  /** The host page's origin (getEnvironmentInfo). */
  hostOrigin: () => string
  /** What safe_setSettings last set, for this frame's lifetime; rpcCall writes it, the signing handlers read it. */
  settings: SafeSettings
  permissions: Pick<PermissionStore, 'get' | 'has' | 'decide'>
  /** Shows a prompt to the user; the promise settles when the user answers it (or the frame closes). */
  prompt: <T>(build: PromptBuilder<T>) => Promise<T>
  /** Shows the permission prompt, or hides it (null). */
  showPermissionPrompt: (prompt: PermissionPrompt | null) => void
}

/** One method's answer: a value, or a promise of one; an AppFacingError's message reaches the app. */
export type HostHandler = (params: unknown, request: RequestContext, host: HostContext) => unknown

/** The frame's pending prompts: `prompt` adds one to the list, `rejectAll` rejects every one still open. */
export function createPromptQueue(update: (change: (list: HostPrompt[]) => HostPrompt[]) => void) {
  const pending = new Map<string, () => void>()
  const prompt = <T>(build: PromptBuilder<T>) =>
    new Promise<T>((resolve, reject) => {
      let entry: HostPrompt | undefined
      const done = () => {
        pending.delete(entry?.id ?? '')
        update((list) => list.filter((p) => p !== entry))
      }
      entry = build(
        (value) => {
          done()
          resolve(value)
        },
        () => {
          done()
          reject(new AppFacingError(REJECTED_TRANSACTION))
        },
      )
      const e = entry
      pending.set(e.id, e.reject)
      update((list) => [...list, e])
    })
  const rejectAll = () => {
    for (const reject of pending.values()) reject()
  }
  return { prompt, rejectAll }
}
