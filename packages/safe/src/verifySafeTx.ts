// Independent check of a Safe transaction someone else (a gateway, a colleague) hands over for signing or
// execution: recompute its hashes from the fields shown, and recover every confirmation's signer against the
// owners read from the chain. The web app runs it before it asks a wallet to sign or execute; nothing here
// trusts a hash it did not compute itself.
import { type Address, getAddress, type Hex, isAddressEqual, size } from 'viem'
import { deviceHashes } from './deviceHashes.ts'
import * as SafeTx from './SafeTx.ts'
import { parseSignatures } from './signatures.ts'

export type SafeTxHashes = {
  safeTxHash: Hex
  /** EIP-712 domain separator and message (struct) hash: what a hardware wallet shows. */
  domainHash: Hex
  messageHash: Hex
}

export function safeTxHashes(tx: SafeTx.SafeTx, safe: { chainId: number; address: Address }): SafeTxHashes {
  const { domainHash, messageHash } = deviceHashes(SafeTx.getTypedData(tx, safe))
  return { safeTxHash: SafeTx.hash(tx, safe), domainHash, messageHash }
}

export type SafeTxCheck = SafeTxHashes & {
  /** Empty when everything matches; otherwise what does not, in words a user can act on. */
  problems: string[]
  /** Owners whose confirmation verified. */
  confirmedBy: Address[]
}

export async function verifySafeTx(p: {
  chainId: number
  safe: Address
  tx: SafeTx.SafeTx
  /** The hash the other side claims for this transaction. */
  claimedSafeTxHash?: string
  /** Confirmations the other side claims, each with its signature. */
  confirmations?: { signer: string; signature: string | null }[]
  /** The Safe's owners, read from the chain by the caller. */
  owners: readonly Address[]
}): Promise<SafeTxCheck> {
  const hashes = safeTxHashes(p.tx, { chainId: p.chainId, address: p.safe })
  const problems: string[] = []
  if (p.claimedSafeTxHash !== undefined && p.claimedSafeTxHash.toLowerCase() !== hashes.safeTxHash)
    problems.push(
      `The gateway's safeTxHash ${p.claimedSafeTxHash} is not the hash of the transaction shown (${hashes.safeTxHash})`,
    )
  const confirmedBy: Address[] = []
  for (const c of p.confirmations ?? []) {
    if (!c.signature) continue // an on-chain approval the gateway reports without bytes
    const [parsed] = await parseSignatures(c.signature as Hex, hashes.safeTxHash).catch(() => [])
    const claimed = getAddress(c.signer)
    if (!parsed || !isAddressEqual(parsed.signer, claimed)) {
      problems.push(`The confirmation said to be from ${claimed} was not signed by it for this transaction`)
      continue
    }
    // One confirmation is one signature: an ECDSA, eth_sign or approval part is 65 bytes and nothing more.
    const extra = size(c.signature as Hex) - 65
    if (parsed.type !== 'CONTRACT_SIGNATURE' && extra !== 0) {
      problems.push(
        `The confirmation from ${claimed} carries ${extra} byte${extra === 1 ? '' : 's'} that are no part of its signature`,
      )
      continue
    }
    if (!p.owners.some((o) => isAddressEqual(o, claimed))) {
      problems.push(`${claimed} confirmed but is not an owner of this Safe`)
      continue
    }
    confirmedBy.push(claimed)
  }
  return { ...hashes, problems, confirmedBy }
}
