// Checks the EIP-712 signature of a delegate request, as the Transaction Service does: `Delegate{delegateAddress,
// totp}` to add (and to remove without naming a Safe), Concord's `DeleteDelegate{delegateAddress, safe, totp}` to
// remove from a named Safe; this hour or the previous one, the domain with or without chainId, one signature
// (ECDSA, eth_sign, or EIP-1271 when the signer is a contract such as a Safe).
import { delegateTypedData, deleteDelegateTypedData, totp } from '@concord/safe/serviceRequests'
import { type Address, type Hex, hashTypedData, isAddressEqual, type PublicClient, parseAbi } from 'viem'
import { recoverRequestSigner } from '../../safe/recoverRequestSigner.ts'

const validatorAbi = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
])

/** The one of `signers` that signed this request, if any. */
export async function delegateRequestSigner(
  client: PublicClient,
  p: {
    chainId: number
    delegate: Address
    signature: Hex
    signers: readonly Address[]
    /** A removal from this Safe: the signature must be a DeleteDelegate for it. */
    removalFrom?: Address
    now?: number
  },
): Promise<Address | undefined> {
  const now = p.now ?? Date.now()
  const hashes = [totp(now), totp(now) - 1].flatMap((t) =>
    [p.chainId, undefined].map((chainId) =>
      p.removalFrom
        ? hashTypedData(
            deleteDelegateTypedData({ delegate: p.delegate, safe: p.removalFrom, totp: t, chainId }),
          )
        : hashTypedData(delegateTypedData({ delegate: p.delegate, totp: t, chainId })),
    ),
  )
  for (const hash of hashes) {
    const signer = await recoverRequestSigner(hash, p.signature)
    const match = signer && p.signers.find((s) => isAddressEqual(s, signer))
    if (match) return match
  }
  // A contract signer (a Safe owning a Safe) validates the hash itself.
  for (const signer of p.signers)
    for (const hash of hashes)
      try {
        const magic = await client.readContract({
          address: signer,
          abi: validatorAbi,
          functionName: 'isValidSignature',
          args: [hash, p.signature],
        })
        if (magic.toLowerCase() === '0x1626ba7e') return signer
      } catch {
        // not a contract, or not its signature
      }
  return undefined
}
