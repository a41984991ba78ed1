import type { SafeMessageContent } from '@concord/safe/messages'
import {
  type ChainInfo,
  getBalances,
  getSafeMessage,
  getTransactionDetails,
  type SafeInfo,
} from '@safe-global/safe-gateway-typescript-sdk'
import { useEffect, useRef, useState } from 'react'
import { gatewayCall } from '../../../lib/gateway'
import { createCommunicator, type MethodHandlers } from '../communicator'
import { permissionStore, requestedCapabilities } from '../permissions'
import { AppFacingError, REJECTED_PERMISSIONS, REJECTED_TRANSACTION } from '../protocol'
import {
  type AppCall,
  readSendTransactions,
  readSignMessage,
  readSignTypedMessage,
  signingMode,
} from '../requests'
import { appRpcUrl, forwardRpc, readRpcCall, readSafeSettings, type SafeSettings } from '../rpc'
import { toAppChainInfo, toAppSafeInfo } from '../safeInfo'

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

/**
 * The host side of one open app: a communicator bound to the frame and the app's origin, handlers that answer
 * from memory (getSafeInfo within the wagmi connector's 10 ms), and the prompts waiting for the user.
 */
export function useSafeAppHost(appUrl: string, state: SafeAppHostState) {
  const iframeRef = useRef<HTMLIFrameElement>(null)
  const [prompts, setPrompts] = useState<HostPrompt[]>([])
  const [permissionPrompt, setPermissionPrompt] = useState<PermissionPrompt | null>(null)
  const current = useRef(state)
  current.current = state

  useEffect(() => {
    let origin: string
    try {
      origin = new URL(appUrl).origin
    } catch {
      return
    }
    let settings: SafeSettings = { offChainSigning: true }
    const pending = new Map<string, () => void>()
    const prompt = <T>(build: (resolve: (v: T) => void, reject: () => void) => HostPrompt) =>
      new Promise<T>((resolve, reject) => {
        let entry: HostPrompt | undefined
        const done = () => {
          pending.delete(entry?.id ?? '')
          setPrompts((list) => list.filter((p) => p !== entry))
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
        setPrompts((list) => [...list, e])
      })

    const chainId = () => current.current.chain.chainId
    const safe = () => current.current.safeInfo.address.value

    const handlers: MethodHandlers = {
      getSafeInfo: () =>
        toAppSafeInfo(current.current.safeInfo, current.current.chain, current.current.isReadOnly),
      getChainInfo: () => toAppChainInfo(current.current.chain),
      getEnvironmentInfo: () => ({ origin: window.location.origin }),
      getCurrentTheme: () => ({ darkMode: current.current.darkMode }),
      getSafeBalances: async (params) => {
        const currency =
          typeof params === 'object' &&
          params !== null &&
          typeof (params as { currency?: unknown }).currency === 'string'
            ? (params as { currency: string }).currency
            : 'usd'
        return gatewayCall(() => getBalances(chainId(), safe(), currency, { exclude_spam: true }))
      },
      getTxBySafeTxHash: async (params) => {
        const hash = (params as { safeTxHash?: unknown } | undefined)?.safeTxHash
        if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
          throw new AppFacingError('Invalid safeTxHash')
        return gatewayCall(() => getTransactionDetails(chainId(), hash))
      },
      // A bare string; '' until the message is fully signed or when it is unknown (never silence).
      getOffChainSignature: async (params) => {
        if (typeof params !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(params)) return ''
        try {
          const message = await getSafeMessage(chainId(), params)
          return (message as { preparedSignature?: string | null }).preparedSignature ?? ''
        } catch {
          return ''
        }
      },
      rpcCall: async (params) => {
        const call = readRpcCall(params)
        if (call.call === 'safe_setSettings') {
          settings = readSafeSettings(call.params, settings)
          return settings
        }
        return forwardRpc(appRpcUrl(current.current.chain), call)
      },
      sendTransactions: (params, { id }) => {
        const { calls, safeTxGas } = readSendTransactions(params)
        return prompt<string>((resolve, reject) => ({
          kind: 'transactions',
          id,
          calls,
          safeTxGas,
          resolve: (safeTxHash) => resolve(safeTxHash),
          reject,
        })).then((safeTxHash) => ({ safeTxHash }))
      },
      signMessage: (params, { id, sdkVersion }) => sign(id, readSignMessage(params), sdkVersion),
      signTypedMessage: (params, { id, sdkVersion }) => sign(id, readSignTypedMessage(params), sdkVersion),
      wallet_getPermissions: (_params, { origin: from }) => permissionStore.get(from),
      wallet_requestPermissions: (params, { id, origin: from }) => {
        const capabilities = requestedCapabilities(params)
        if (capabilities.length === 0) return permissionStore.get(from)
        return new Promise((resolve, reject) => {
          setPermissionPrompt({
            id,
            origin: from,
            capabilities,
            answer: (granted) => {
              setPermissionPrompt(null)
              if (granted === null) return reject(new AppFacingError(REJECTED_PERMISSIONS))
              const list = permissionStore.decide(from, capabilities, granted)
              if (granted) resolve(list)
              else reject(new AppFacingError(REJECTED_PERMISSIONS))
            },
          })
        })
      },
      requestAddressBook: (_params, { origin: from }) =>
        permissionStore.has(from, 'requestAddressBook')
          ? current.current.addressBook.map((e) => ({ address: e.address, name: e.name, chainId: chainId() }))
          : [],
    }

    function sign(id: string, message: SafeMessageContent, sdkVersion: string | undefined) {
      const { safeInfo, chain } = current.current
      const mode = signingMode({
        safeVersion: safeInfo.version,
        fallbackHandler: safeInfo.fallbackHandler?.value ?? null,
        chainFeatures: chain.features,
        sdkVersion,
        offChainSetting: settings.offChainSigning,
      })
      return prompt<{ safeTxHash: string } | { messageHash: string; signature: string }>(
        (resolve, reject) => ({
          kind: 'sign',
          id,
          mode,
          message,
          resolve,
          reject,
        }),
      )
    }

    const communicator = createCommunicator({
      host: window,
      frame: () => iframeRef.current?.contentWindow,
      origin,
      handlers: () => handlers,
    })
    return () => {
      communicator.dispose()
      for (const reject of pending.values()) reject()
      setPermissionPrompt(null)
    }
  }, [appUrl])

  return { iframeRef, prompts, permissionPrompt }
}
