import { deviceHashes, type DeviceHashes as Hashes } from '@concord/safe/deviceHashes'
import { type SafeMessageContent, type SafeRef, safeMessageTypedData } from '@concord/safe/messages'
import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { type Address, type Hex, isAddressEqual } from 'viem'
import { useConfig } from 'wagmi'
import { ChainAddress } from '../../../components/ui/AddressView'
import { CopyButton } from '../../../components/ui/CopyButton'
import { DeviceHashes } from '../../../components/ui/DeviceHashes'
import { HashView } from '../../../components/ui/HashView'
import { formatDateTime } from '../../../lib/format'
import { formatGatewayError } from '../../../lib/gateway'
import { messagesKeys } from '../api/keys'
import { addMessageSignature, type SafeMessage } from '../api/requests'
import { signSafeMessage } from '../signSafeMessage'

export type MessageSafe = {
  chain: ChainInfo
  address: Address
  version: string | null
  owners: readonly Address[]
}

/**
 * The hashes of the message as this browser computes them from its content and the Safe's domain, or why they
 * cannot be: the gateway's message hash is only compared with them, never signed on its word.
 */
function localHashes(safe: MessageSafe, message: SafeMessage): Hashes | string {
  if (!safe.version) return 'The Safe’s version is unknown: its message hash cannot be computed'
  const ref: SafeRef = { version: safe.version, chainId: Number(safe.chain.chainId), address: safe.address }
  let hashes: Hashes
  try {
    hashes = deviceHashes(safeMessageTypedData(ref, message.message as SafeMessageContent))
  } catch {
    return 'This message cannot be hashed here: it is not a text or valid EIP-712 typed data'
  }
  if (hashes.digest.toLowerCase() !== message.messageHash.toLowerCase())
    return `The gateway’s message hash ${message.messageHash} is not the hash of this message in this Safe (${hashes.digest}): do not sign`
  return hashes
}

/** Other ways to sign than the connected wallet (e.g. a passkey owner of this device). */
export type RenderOtherSigners = (p: {
  message: SafeMessage
  /** The Safe message hash computed here (null when it cannot be, or differs from the gateway's). */
  safeMessageHash: Hex | null
  signed: readonly Address[]
  /** Sends an owner's signature to the gateway and refreshes the messages. */
  submit: (signature: Hex) => Promise<void>
}) => ReactNode

/** Who signed, who is missing, the message itself; Sign for an owner who has not, the prepared signature once confirmed. */
export function MessageDetails({
  safe,
  message,
  account,
  renderOtherSigners,
}: {
  safe: MessageSafe
  message: SafeMessage
  account: Address | undefined
  renderOtherSigners?: RenderOtherSigners | undefined
}) {
  const config = useConfig()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const [signing, setSigning] = useState(false)
  const signers = message.confirmations.map((c) => c.owner.value as Address)
  const missing = safe.owners.filter((o) => !signers.some((s) => isAddressEqual(s, o)))
  const isMissingOwner =
    !!account &&
    safe.owners.some((o) => isAddressEqual(o, account)) &&
    !signers.some((s) => isAddressEqual(s, account))
  const local = isMissingOwner ? localHashes(safe, message) : undefined
  const canSign = isMissingOwner && typeof local === 'object'

  const onSign = async () => {
    if (!account || !safe.version) return
    setError(null)
    setSigning(true)
    try {
      const signature = await signSafeMessage(config, {
        account,
        safe: { version: safe.version, chainId: Number(safe.chain.chainId), address: safe.address },
        message: message.message as SafeMessageContent,
      })
      await addMessageSignature(safe.chain.chainId, message.messageHash, signature)
      await queryClient.invalidateQueries({ queryKey: messagesKeys.all() })
    } catch (cause) {
      setError(formatGatewayError(cause))
    } finally {
      setSigning(false)
    }
  }

  return (
    <div className="message-details" data-testid="message-details">
      {typeof message.message === 'string' ? (
        <pre className="message-text" data-testid="message-text">
          {message.message}
        </pre>
      ) : (
        <pre className="message-text" data-testid="message-typed">
          {JSON.stringify(message.message, null, 2)}
        </pre>
      )}
      <p className="muted small">
        Safe message hash <HashView hash={message.messageHash} /> · created{' '}
        {formatDateTime(message.creationTimestamp)}
      </p>
      <h4>
        Signed by ({message.confirmationsSubmitted} of {message.confirmationsRequired})
      </h4>
      <ul className="list" data-testid="message-signers">
        {message.confirmations.map((c) => (
          <li key={c.owner.value} data-testid="message-signer" data-owner={c.owner.value}>
            <ChainAddress chain={safe.chain} address={c.owner} short />
          </li>
        ))}
      </ul>
      {missing.length && message.status !== 'CONFIRMED' ? (
        <>
          <h4>Not signed yet</h4>
          <ul className="list" data-testid="message-missing">
            {missing.map((o) => (
              <li key={o} data-testid="message-missing-owner" data-owner={o}>
                <ChainAddress chain={safe.chain} address={{ value: o }} short />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {message.status === 'CONFIRMED' && message.preparedSignature ? (
        <p
          className="prepared-signature"
          data-testid="prepared-signature"
          data-signature={message.preparedSignature}
        >
          Prepared signature{' '}
          <CopyButton
            value={message.preparedSignature}
            label="Copy prepared signature"
            testId="copy-prepared-signature"
          />
        </p>
      ) : null}
      {typeof local === 'string' ? (
        <p className="error-text" role="alert" data-testid="message-hash-problem">
          {local}
        </p>
      ) : null}
      {canSign && typeof local === 'object' ? (
        <DeviceHashes
          domainHash={local.domainHash}
          messageHash={local.messageHash}
          extra={[{ label: 'Safe message hash', value: local.digest, testId: 'message-safe-message-hash' }]}
          testIdPrefix="message"
        />
      ) : null}
      {canSign ? (
        <button
          type="button"
          className="button primary"
          onClick={() => void onSign()}
          disabled={signing}
          data-testid="sign-message"
        >
          {signing ? 'Signing…' : 'Sign'}
        </button>
      ) : null}
      {renderOtherSigners && message.status !== 'CONFIRMED'
        ? renderOtherSigners({
            message,
            safeMessageHash: (() => {
              const hashes = localHashes(safe, message)
              return typeof hashes === 'object' ? hashes.digest : null
            })(),
            signed: signers,
            submit: async (signature) => {
              await addMessageSignature(safe.chain.chainId, message.messageHash, signature)
              await queryClient.invalidateQueries({ queryKey: messagesKeys.all() })
            },
          })
        : null}
      {error ? (
        <p className="error-text" role="alert" data-testid="sign-message-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
