import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { type Address, isAddressEqual } from 'viem'
import { useConfig } from 'wagmi'
import { ChainAddress } from '../../../components/ui/AddressView'
import { CopyButton } from '../../../components/ui/CopyButton'
import { HashView } from '../../../components/ui/HashView'
import { formatDateTime } from '../../../lib/format'
import { formatGatewayError } from '../../../lib/gateway'
import { addMessageSignature, type SafeMessage } from '../api'
import { messagesKeys } from '../keys'
import { signSafeMessage } from '../signSafeMessage'

export type MessageSafe = {
  chain: ChainInfo
  address: Address
  version: string | null
  owners: readonly Address[]
}

/** Who signed, who is missing, the message itself; Sign for an owner who has not, the prepared signature once confirmed. */
export function MessageDetails({
  safe,
  message,
  account,
}: {
  safe: MessageSafe
  message: SafeMessage
  account: Address | undefined
}) {
  const config = useConfig()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const [signing, setSigning] = useState(false)
  const signers = message.confirmations.map((c) => c.owner.value as Address)
  const missing = safe.owners.filter((o) => !signers.some((s) => isAddressEqual(s, o)))
  const canSign =
    !!account &&
    safe.owners.some((o) => isAddressEqual(o, account)) &&
    !signers.some((s) => isAddressEqual(s, account))

  const onSign = async () => {
    if (!account) return
    if (!safe.version) {
      setError('The Safe’s version is unknown: its message hash cannot be computed')
      return
    }
    setError(null)
    setSigning(true)
    try {
      const signature = await signSafeMessage(config, {
        account,
        safe: { version: safe.version, chainId: Number(safe.chain.chainId), address: safe.address },
        message: message.message as string,
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
      {error ? (
        <p className="error-text" role="alert" data-testid="sign-message-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
