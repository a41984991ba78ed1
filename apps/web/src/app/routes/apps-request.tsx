import { messageHash, type SafeMessageContent, safeMessageHash } from '@concord/safe/messages'
import type { ChainInfo, SafeInfo, TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { Address, Hex } from 'viem'
import { useConfig } from 'wagmi'
import { BusyButton } from '../../components/ui/BusyButton'
import { messagesKeys } from '../../features/messages/api/keys'
import { addMessageSignature, createMessage, messageQueryOptions } from '../../features/messages/api/requests'
import { signSafeMessage } from '../../features/messages/signSafeMessage'
import { queueKeys } from '../../features/queue/api/keys'
import { safeKeys } from '../../features/safe/api/keys'
import type { HostPrompt } from '../../features/safe-apps/hooks/useSafeAppHost'
import { onChainSignCall } from '../../features/safe-apps/requests'
import { transactionKeys } from '../../features/transactions/api/keys'
import { buildMultiSendCallOnly } from '../../features/tx-flow/builders/multiSend'
import { ReadOnlyNotice } from '../../features/tx-flow/components/ReadOnlyNotice'
import { NewTxReview } from '../../features/tx-flow/components/review/NewTxReview'
import type { TxDraft } from '../../features/tx-flow/types'
import { useOwnerAccess } from '../../features/tx-flow/useOwnerAccess'
import { formatGatewayError } from '../../lib/gateway'

type Props = { prompt: HostPrompt; appName: string; chain: ChainInfo; safe: Address; info: SafeInfo }

const safeTxHashOf = (details: TransactionDetails) =>
  details.detailedExecutionInfo?.type === 'MULTISIG' ? details.detailedExecutionInfo.safeTxHash : undefined

/** The draft the host reviews for an app's request: its calls (a MultiSendCallOnly batch) or an on-chain signature. */
function draftOf(
  prompt: HostPrompt,
  appName: string,
  version: string | null,
): { draft?: TxDraft; error?: string } {
  if (prompt.kind === 'transactions') {
    const { calls } = prompt
    if (calls.length === 1 && calls[0]) return { draft: { call: calls[0], summary: `${appName}: 1 action` } }
    const built = buildMultiSendCallOnly(calls, version)
    return built.ok
      ? { draft: { call: built.value, summary: `${appName}: batch of ${calls.length} actions` } }
      : { error: built.error }
  }
  try {
    const call = onChainSignCall(version, messageHash(prompt.message))
    return { draft: { call, summary: `${appName}: sign a message on chain (SignMessageLib)` } }
  } catch (error) {
    return { error: (error as Error).message }
  }
}

/** What an app asked for, reviewed and signed with the host's own flows; closing rejects the request. */
export function AppRequest({ prompt, appName, chain, safe, info }: Props) {
  const access = useOwnerAccess(chain.chainId, safe, info)
  const queryClient = useQueryClient()
  const reject = (
    <button type="button" className="button" onClick={prompt.reject} data-testid="reject-app-request">
      Reject
    </button>
  )
  const title =
    prompt.kind === 'transactions'
      ? `${appName} proposes a transaction`
      : `${appName} asks the Safe to sign a message${prompt.mode === 'onChain' ? ' (on chain)' : ''}`
  if (access.status !== 'owner')
    return (
      <>
        <h2>{title}</h2>
        <ReadOnlyNotice access={access} />
        <div className="tx-actions">{reject}</div>
      </>
    )
  if (prompt.kind === 'sign' && prompt.mode === 'offChain')
    return (
      <>
        <h2>{title}</h2>
        <OffChainSign prompt={prompt} chain={chain} safe={safe} info={info} account={access.account} />
        <div className="tx-actions">{reject}</div>
      </>
    )
  const { draft, error } = draftOf(prompt, appName, info.version)
  return (
    <>
      <h2>{title}</h2>
      {draft ? (
        <NewTxReview
          chain={chain}
          safe={safe}
          draft={draft}
          account={access.account}
          onBack={prompt.reject}
          onProposed={(details, verified) => {
            void queryClient.invalidateQueries({ queryKey: transactionKeys.queue(chain.chainId, safe) })
            void queryClient.invalidateQueries({ queryKey: queueKeys.list(chain.chainId, safe) })
            void queryClient.invalidateQueries({ queryKey: safeKeys.info(chain.chainId, safe) })
            const hash = safeTxHashOf(details)
            if (verified && hash) {
              if (prompt.kind === 'transactions') prompt.resolve(hash)
              else prompt.resolve({ safeTxHash: hash })
            }
          }}
        />
      ) : (
        <p className="error-text" role="alert" data-testid="app-request-error">
          {error}
        </p>
      )}
      <div className="tx-actions">{reject}</div>
    </>
  )
}

const messageText = (message: SafeMessageContent) =>
  typeof message === 'string' ? message : JSON.stringify(message, null, 2)

/**
 * Off-chain (EIP-1271): the owner signs SafeMessage{message}, proposes it (or adds its signature), and the app is
 * answered {messageHash, signature} only once the message is fully signed; other owners sign under Messages.
 */
function OffChainSign({
  prompt,
  chain,
  safe,
  info,
  account,
}: {
  prompt: Extract<HostPrompt, { kind: 'sign' }>
  chain: ChainInfo
  safe: Address
  info: SafeInfo
  account: Address
}) {
  const config = useConfig()
  const queryClient = useQueryClient()
  const [hash, setHash] = useState<Hex | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [signing, setSigning] = useState(false)
  const message = useQuery({
    ...messageQueryOptions(chain.chainId, hash ?? ''),
    enabled: !!hash,
    refetchInterval: 3000,
  })
  const prepared = message.data?.preparedSignature
  useEffect(() => {
    if (hash && prepared) prompt.resolve({ messageHash: hash, signature: prepared })
  }, [hash, prepared, prompt])

  const onSign = async () => {
    if (!info.version) return setError('The Safe’s version is unknown: its message hash cannot be computed')
    setError(null)
    setSigning(true)
    try {
      const ref = { version: info.version, chainId: Number(chain.chainId), address: safe }
      const safeHash = safeMessageHash(ref, prompt.message)
      const signature = await signSafeMessage(config, { account, safe: ref, message: prompt.message })
      const existing = await queryClient
        .fetchQuery(messageQueryOptions(chain.chainId, safeHash))
        .catch(() => null)
      if (existing) await addMessageSignature(chain.chainId, safeHash, signature)
      else await createMessage(chain.chainId, safe, prompt.message, signature)
      void queryClient.invalidateQueries({ queryKey: messagesKeys.all() })
      setHash(safeHash)
    } catch (cause) {
      setError(formatGatewayError(cause))
    } finally {
      setSigning(false)
    }
  }

  return (
    <div className="stack" data-testid="offchain-sign">
      <pre className="card small" data-testid="app-message">
        {messageText(prompt.message)}
      </pre>
      {hash ? (
        <p className="muted" data-testid="offchain-waiting">
          Signed. Waiting for the other owners ({message.data?.confirmationsSubmitted ?? 1}/
          {message.data?.confirmationsRequired ?? info.threshold}): they sign under Messages; the app gets the
          signature once the threshold is met.
        </p>
      ) : (
        <BusyButton
          primary
          busy={signing}
          busyLabel="Waiting for the wallet…"
          onClick={() => void onSign()}
          testId="sign-app-message"
        >
          Sign message
        </BusyButton>
      )}
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
