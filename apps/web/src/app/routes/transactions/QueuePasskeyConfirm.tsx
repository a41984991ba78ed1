import type { ChainInfo, TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import type { Address } from 'viem'
import { PasskeyConfirm } from '../../../features/passkeys/components/PasskeyConfirm'
import { confirmSafeTx } from '../../../features/tx-flow/api/requests'
import { ExternalSignerReview } from '../../../features/tx-flow/components/review/ExternalSignerReview'

/**
 * A queue row's "Confirm with passkey": the passkey feature picks this device's passkey owners and signs; the
 * transaction flow's review verifies the transaction and hands only its recomputed hash to the passkey; the
 * contract signature goes to the gateway as that owner's confirmation (checked there with isValidSignature).
 */
export function QueuePasskeyConfirm(props: {
  chain: ChainInfo
  safe: Address
  details: TransactionDetails
  owners: readonly string[]
  onChanged: () => void
}) {
  const { chain, safe, details } = props
  return (
    <PasskeyConfirm
      chain={chain}
      safe={safe}
      details={details}
      owners={props.owners}
      renderReview={(passkey, sign, challenge, done) => (
        <ExternalSignerReview
          chain={chain}
          safe={safe}
          details={details}
          describe={challenge}
          submitLabel={`Sign with passkey (${passkey.label})`}
          onCancel={done}
          onSign={async (safeTxHash) => {
            const signature = await sign(safeTxHash)
            await confirmSafeTx({ chainId: chain.chainId, safeTxHash, signature })
            done()
            props.onChanged()
          }}
        />
      )}
    />
  )
}
