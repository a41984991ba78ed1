import type { ParsedSignature } from '@concord/safe/signatures'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Check } from 'lucide-react'
import { useState } from 'react'
import { type Address, type Hex, isAddressEqual } from 'viem'
import type { Config } from 'wagmi'
import { BusyButton } from '../../../../components/ui/BusyButton'
import { readSafeState } from '../../../../lib/safeState'
import { signSafeTx, walletErrorText } from '../../sign'
import { countOwnerSignatures, executeSigned } from '../../verify/executeSigned'
import { addSignature, signersOf } from '../../verify/signedTx'
import type { VerifyInput } from '../../verify/verifyLink'
import { RisksPanel, useCallRisks, useRiskGateFor } from '../review/RisksPanel'
import { SignedTxExport } from './SignedTxExport'

export type VerifyWallet = { config: Config; account: Address | undefined }

type Props = {
  input: VerifyInput
  safeTxHash: Hex
  signatures: Hex
  onSignatures: (signatures: Hex) => void
  /** The wallet to read the Safe with, sign and execute; without it the signatures are only listed. */
  wallet: VerifyWallet | undefined
}

/**
 * The transaction's signatures, each recovered here and matched with the owners the chain lists (read through the
 * wallet), with what works without any gateway: add your signature, execute once the threshold is met, and carry
 * it on as a file, a link or a QR code.
 */
export function SignaturesPanel({ input, safeTxHash, signatures, onSignatures, wallet }: Props) {
  const [error, setError] = useState<string | null>(null)
  const parsed = useQuery({
    queryKey: ['verify', 'signers', safeTxHash, signatures],
    queryFn: () => signersOf(signatures, safeTxHash),
    meta: { persist: false },
  })
  const onChain = useQuery({
    queryKey: ['verify', 'safe-state', input.chainId, input.safe, wallet?.account ?? null],
    queryFn: () => {
      if (!wallet) throw new Error('No wallet')
      return readSafeState(wallet.config, input.chainId, input.safe)
    },
    enabled: !!wallet,
    retry: false,
    meta: { persist: false },
    gcTime: 0,
  })
  const gate = useRiskGateFor(useCallRisks(input.tx, input.safe))
  const parts: ParsedSignature[] = parsed.data ?? []
  const account = wallet?.account
  const count = onChain.data ? countOwnerSignatures(parts, onChain.data, account) : undefined
  const isOwner = !!account && !!onChain.data?.owners.some((owner) => isAddressEqual(owner, account))
  const signed = !!account && parts.some((part) => isAddressEqual(part.signer, account))

  const sign = useMutation({
    meta: { errorToast: false },
    mutationFn: async () => {
      if (!wallet || !account) throw new Error('Connect a wallet first')
      const result = await signSafeTx(wallet.config, {
        chainId: input.chainId,
        safe: input.safe,
        account,
        tx: input.tx,
      })
      onSignatures(addSignature(parts, { signer: account, signature: result.signature }))
    },
    onError: (cause) => setError(walletErrorText(cause)),
  })
  const execute = useMutation({
    meta: { errorToast: false },
    mutationFn: async () => {
      if (!wallet || !account) throw new Error('Connect a wallet first')
      return executeSigned(wallet.config, { input, parsed: parts, account })
    },
    onError: (cause) => setError(walletErrorText(cause)),
  })

  return (
    <div className="verify-signatures" data-testid="verify-signatures">
      <h2>Signatures</h2>
      {parts.length === 0 ? (
        <p className="muted" data-testid="verify-no-signatures">
          No signature yet.
        </p>
      ) : (
        <ul className="kv small">
          {parts.map((part) => {
            const owner = onChain.data?.owners.some((o) => isAddressEqual(o, part.signer))
            return (
              <li key={part.signer} data-testid="verify-signature" data-owner={String(owner ?? 'unknown')}>
                <code className="address">{part.signer}</code>{' '}
                {owner === undefined ? (
                  <span className="muted">recovered; owners not read yet</span>
                ) : owner ? (
                  <span className="verified">
                    <Check size={14} aria-hidden="true" /> an owner on chain
                  </span>
                ) : (
                  <strong className="error-text">
                    not an owner of this Safe: this signature does not count
                  </strong>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {onChain.isError ? (
        <p className="error-text" role="alert" data-testid="verify-owners-error">
          Could not read the Safe from the chain: {walletErrorText(onChain.error)}
        </p>
      ) : null}
      {onChain.data && count ? (
        <p data-testid="verify-threshold">
          {count.owners.length} of {onChain.data.threshold} owner signatures; the Safe is at nonce{' '}
          {String(onChain.data.nonce)}
          {input.tx.nonce !== onChain.data.nonce ? (
            <strong className="error-text"> (this transaction has nonce {String(input.tx.nonce)})</strong>
          ) : null}
          .
        </p>
      ) : null}
      <RisksPanel gate={gate} />
      {wallet && account ? (
        <div className="tx-actions">
          {isOwner && !signed ? (
            <BusyButton
              primary
              busy={sign.isPending}
              busyLabel="Waiting for the wallet…"
              disabled={gate.held}
              onClick={() => {
                setError(null)
                sign.mutate()
              }}
              testId="verify-sign"
            >
              Add your signature
            </BusyButton>
          ) : null}
          {count && count.missing === 0 && onChain.data?.nonce === input.tx.nonce && !execute.data ? (
            <BusyButton
              primary
              busy={execute.isPending}
              busyLabel="Executing…"
              disabled={gate.held}
              onClick={() => {
                setError(null)
                execute.mutate()
              }}
              testId="verify-execute"
            >
              Execute through your wallet
            </BusyButton>
          ) : null}
        </div>
      ) : (
        <p className="muted small">Connect an owner's wallet to add a signature or execute.</p>
      )}
      {execute.data ? (
        <p
          className={execute.data.success ? 'verified' : 'error-text'}
          role="status"
          data-testid="verify-executed"
          data-success={String(execute.data.success)}
        >
          {execute.data.success ? 'Executed' : 'The Safe reported a failed execution'} in transaction{' '}
          <code className="address">{execute.data.hash}</code>
        </p>
      ) : null}
      {error ? (
        <p className="error-text" role="alert" data-testid="verify-action-error">
          {error}
        </p>
      ) : null}
      <details className="small" data-testid="verify-export">
        <summary>Take it to another device or owner</summary>
        <SignedTxExport input={input} signatures={signatures} count={parts.length} testIdPrefix="verify" />
      </details>
    </div>
  )
}
