import { deviceHashes } from '@concord/safe/deviceHashes'
import { safeMessageTypedData } from '@concord/safe/messages'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useMemo, useState } from 'react'
import type { Address } from 'viem'
import { useConfig } from 'wagmi'
import { BusyButton } from '../../../components/ui/BusyButton'
import { DeviceHashes } from '../../../components/ui/DeviceHashes'
import { formatGatewayError } from '../../../lib/gateway'
import { messagesKeys } from '../api/keys'
import { createMessage, type MessageKind, parseMessageInput } from '../api/requests'
import { signSafeMessage } from '../signSafeMessage'
import type { MessageSafe } from './MessageDetails'

/** An owner writes a message (text, or EIP-712 JSON), signs it and submits it; on an error the input stays. */
export function NewMessageForm({ safe, account }: { safe: MessageSafe; account: Address }) {
  const config = useConfig()
  const queryClient = useQueryClient()
  const [kind, setKind] = useState<MessageKind>('text')
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const id = useId()
  // What the owner's device will show for the message as typed (nothing while it is not a valid message).
  const hashes = useMemo(() => {
    const parsed = text.trim() ? parseMessageInput(kind, text) : undefined
    if (!parsed?.ok || !safe.version) return undefined
    const ref = { version: safe.version, chainId: Number(safe.chain.chainId), address: safe.address }
    try {
      return deviceHashes(safeMessageTypedData(ref, parsed.message))
    } catch {
      return undefined
    }
  }, [kind, text, safe.version, safe.chain.chainId, safe.address])

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseMessageInput(kind, text)
    if (!parsed.ok) {
      setError(parsed.error)
      return
    }
    if (!safe.version) {
      setError('The Safe’s version is unknown: its message hash cannot be computed')
      return
    }
    setError(null)
    setSending(true)
    try {
      const signature = await signSafeMessage(config, {
        account,
        safe: { version: safe.version, chainId: Number(safe.chain.chainId), address: safe.address },
        message: parsed.message,
      })
      await createMessage(safe.chain.chainId, safe.address, parsed.message, signature)
      setText('')
      await queryClient.invalidateQueries({ queryKey: messagesKeys.all() })
    } catch (cause) {
      setError(formatGatewayError(cause))
    } finally {
      setSending(false)
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="new-message-form">
      <h3>New message</h3>
      <fieldset className="choice-row">
        <legend className="muted small">Kind</legend>
        <label>
          <input
            type="radio"
            name={`${id}-kind`}
            checked={kind === 'text'}
            onChange={() => setKind('text')}
            data-testid="new-message-kind-text"
          />{' '}
          Text
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-kind`}
            checked={kind === 'typed'}
            onChange={() => setKind('typed')}
            data-testid="new-message-kind-typed"
          />{' '}
          EIP-712 typed data (JSON)
        </label>
      </fieldset>
      <label htmlFor={`${id}-text`}>{kind === 'text' ? 'Message' : 'Typed data'}</label>
      <textarea
        id={`${id}-text`}
        rows={kind === 'text' ? 3 : 10}
        spellCheck={kind === 'text'}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error !== null}
        placeholder={
          kind === 'text'
            ? 'I agree to …'
            : '{"domain": {…}, "types": {…}, "primaryType": "…", "message": {…}}'
        }
        data-testid="new-message-text"
      />
      {hashes ? (
        <DeviceHashes
          domainHash={hashes.domainHash}
          messageHash={hashes.messageHash}
          extra={[
            { label: 'Safe message hash', value: hashes.digest, testId: 'new-message-safe-message-hash' },
          ]}
          testIdPrefix="new-message"
        />
      ) : null}
      <BusyButton
        type="submit"
        primary
        busy={sending}
        busyLabel="Signing…"
        error={error}
        testId="new-message-submit"
        errorTestId="new-message-error"
      >
        Sign and submit
      </BusyButton>
    </form>
  )
}
