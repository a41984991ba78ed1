// EIP-712 requests the Transaction Service (and so the Client Gateway) accepts besides SafeTx: deleting a
// proposal. `totp` is the current hour since the epoch; the server accepts the current and the previous one.
import type { Address, Hex } from 'viem'

export const SERVICE_DOMAIN_NAME = 'Safe Transaction Service'

/** The hour counter signed into service requests. */
export const totp = (nowMs = Date.now()): number => Math.floor(nowMs / 1000 / 3600)

/** What a proposer signs to delete the proposal `safeTxHash` of `safe` (not executed yet). */
export function deleteRequestTypedData(p: { chainId: number; safe: Address; safeTxHash: Hex; totp: number }) {
  return {
    domain: { name: SERVICE_DOMAIN_NAME, version: '1.0', chainId: p.chainId, verifyingContract: p.safe },
    types: {
      DeleteRequest: [
        { name: 'safeTxHash', type: 'bytes32' },
        { name: 'totp', type: 'uint256' },
      ],
    },
    primaryType: 'DeleteRequest',
    message: { safeTxHash: p.safeTxHash, totp: BigInt(p.totp) },
  } as const
}

/** The service's EIP-712 domain: with or without `chainId` (no verifyingContract). */
const serviceDomain = (chainId: number | undefined) => ({
  name: SERVICE_DOMAIN_NAME,
  version: '1.0',
  ...(chainId === undefined ? {} : { chainId }),
})

/**
 * What a delegator signs to add (or a delegator or delegate to remove) the delegate `delegate`. The service accepts
 * the domain with or without `chainId` (no verifyingContract).
 */
export function delegateTypedData(p: { delegate: Address; totp: number; chainId?: number }) {
  return {
    domain: serviceDomain(p.chainId),
    types: {
      Delegate: [
        { name: 'delegateAddress', type: 'address' },
        { name: 'totp', type: 'uint256' },
      ],
    },
    primaryType: 'Delegate',
    message: { delegateAddress: p.delegate, totp: BigInt(p.totp) },
  } as const
}

/**
 * Concord's removal of a delegate from one Safe: `DeleteDelegate{delegateAddress, safe, totp}` in the same domain.
 * Unlike `Delegate`, which adding and removing share (so a signature that added a delegate could remove it, or
 * add it to another Safe), this one says what it is for and where.
 */
export function deleteDelegateTypedData(p: {
  delegate: Address
  safe: Address
  totp: number
  chainId?: number
}) {
  return {
    domain: serviceDomain(p.chainId),
    types: {
      DeleteDelegate: [
        { name: 'delegateAddress', type: 'address' },
        { name: 'safe', type: 'address' },
        { name: 'totp', type: 'uint256' },
      ],
    },
    primaryType: 'DeleteDelegate',
    message: { delegateAddress: p.delegate, safe: p.safe, totp: BigInt(p.totp) },
  } as const
}
