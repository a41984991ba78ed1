import { encodeSignatures } from '@concord/safe/signatures'
import type { ChainInfo, TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { type Address, type Hex, isAddressEqual } from 'viem'
import { formatGatewayError } from '../../../../lib/gateway'
import { useVerifiedTransaction } from '../../verify'
import { SignedTxExport } from './SignedTxExport'

/**
 * A queued transaction with its verified signatures, to carry on without the gateway: a /verify link (and its QR
 * code) or a file that any Concord opens, where an owner can add a signature and the last one execute it. Only
 * what this browser verified goes in: the fields it hashed and confirmations that recovered to owners on chain.
 */
export function ExportSignedTx({
  chain,
  safe,
  details,
}: {
  chain: ChainInfo
  safe: Address
  details: TransactionDetails
}) {
  const verification = useVerifiedTransaction(details, { chainId: chain.chainId, address: safe })
  const check = verification.data
  if (verification.isError)
    return (
      <p className="error-text" role="alert" data-testid="export-error">
        Not exported: {formatGatewayError(verification.error)}
      </p>
    )
  if (!check) return <p className="muted small">Checking the transaction before exporting it…</p>
  if (!check.tx || check.problems.length > 0)
    return (
      <p className="error-text" role="alert" data-testid="export-error">
        Not exported: the gateway's transaction does not hold up ({check.problems.join('; ')})
      </p>
    )
  const info = details.detailedExecutionInfo?.type === 'MULTISIG' ? details.detailedExecutionInfo : undefined
  const parts = (info?.confirmations ?? []).flatMap((c) =>
    c.signature && check.confirmedBy.some((owner) => isAddressEqual(owner, c.signer.value as Address))
      ? [{ signer: c.signer.value as Address, signature: c.signature as Hex }]
      : [],
  )
  const signatures = parts.length ? encodeSignatures(parts) : '0x'
  // Every version from 1.3.0 on hashes alike (the chain id is in the domain); the page's default stands for them.
  const input = { chainId: Number(chain.chainId), safe, version: '1.4.1', tx: check.tx }
  return (
    <div className="review-panel" data-testid="export-signed-tx">
      <p className="small">
        This transaction with its {parts.length} verified signature{parts.length === 1 ? '' : 's'}: open it in
        any Concord, even with no gateway, to check it, add a signature or execute it through your wallet.
      </p>
      <SignedTxExport input={input} signatures={signatures} count={parts.length} testIdPrefix="export" />
    </div>
  )
}
