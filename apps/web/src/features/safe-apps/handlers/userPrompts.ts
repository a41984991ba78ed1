// Requests the user answers: the handler shows a prompt and the app's promise waits for the user.
import type { SafeMessageContent } from '@concord/safe/messages'
import { readSendTransactions, readSignMessage, readSignTypedMessage, signingMode } from '../requests'
import type { HostContext, HostHandler } from './context'

export const sendTransactions: HostHandler = (params, { id }, host) => {
  const { calls, safeTxGas } = readSendTransactions(params)
  return host
    .prompt<string>((resolve, reject) => ({
      kind: 'transactions',
      id,
      calls,
      safeTxGas,
      resolve: (safeTxHash) => resolve(safeTxHash),
      reject,
    }))
    .then((safeTxHash) => ({ safeTxHash }))
}

/** A message to sign, off-chain or on-chain as the Safe, the chain, the app's SDK and safe_setSettings allow. */
function sign(host: HostContext, id: string, message: SafeMessageContent, sdkVersion: string | undefined) {
  const { safeInfo, chain } = host.state()
  const mode = signingMode({
    safeVersion: safeInfo.version,
    fallbackHandler: safeInfo.fallbackHandler?.value ?? null,
    chainFeatures: chain.features,
    sdkVersion,
    offChainSetting: host.settings.offChainSigning,
  })
  return host.prompt<{ safeTxHash: string } | { messageHash: string; signature: string }>(
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

export const signMessage: HostHandler = (params, { id, sdkVersion }, host) =>
  sign(host, id, readSignMessage(params), sdkVersion)

export const signTypedMessage: HostHandler = (params, { id, sdkVersion }, host) =>
  sign(host, id, readSignTypedMessage(params), sdkVersion)
