import { erc20Abi, erc721Abi } from '@concord/safe/contracts'
import { type Address, encodeFunctionData, zeroAddress } from 'viem'
import type { SafeCall } from '../types'

/** The gateway lists the chain's native coin with the zero address as its "token" address. */
export const NATIVE_TOKEN = zeroAddress

export const isNativeToken = (token: string): boolean => token.toLowerCase() === NATIVE_TOKEN

/** Sends `amount` (base units) of the native coin or of an ERC20 token from the Safe to `recipient`. */
export function buildTokenTransfer(p: { token: Address; recipient: Address; amount: bigint }): SafeCall {
  if (isNativeToken(p.token)) return { to: p.recipient, value: p.amount, data: '0x', operation: 0 }
  return {
    to: p.token,
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [p.recipient, p.amount] }),
    operation: 0,
  }
}

/**
 * Sends an ERC721 token with `safeTransferFrom(safe, recipient, tokenId)`: a contract recipient that cannot
 * hold NFTs makes the transaction revert (the simulation shows it) instead of locking the token.
 */
export function buildNftTransfer(p: {
  safe: Address
  collection: Address
  recipient: Address
  tokenId: bigint
}): SafeCall {
  return {
    to: p.collection,
    value: 0n,
    data: encodeFunctionData({
      abi: erc721Abi,
      functionName: 'safeTransferFrom',
      args: [p.safe, p.recipient, p.tokenId],
    }),
    operation: 0,
  }
}
