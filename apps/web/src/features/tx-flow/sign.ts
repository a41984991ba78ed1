import * as SafeTx from '@concord/safe/SafeTx'
import { type SafeTxHashes, safeTxHashes } from '@concord/safe/verifySafeTx'
import { type Address, type Hex, isAddressEqual, recoverAddress } from 'viem'
import type { Config } from 'wagmi'
import { getAccount, signTypedData, switchChain } from 'wagmi/actions'
import { normalizeEcdsaSignature } from './builders/signature'

export type SignedSafeTx = { tx: SafeTx.SafeTx; hashes: SafeTxHashes; signature: Hex; signer: Address }

/**
 * Has the connected wallet sign a SafeTx (EIP-712), computed here from the fields on screen. The wallet is
 * moved to the Safe's chain first (wallets refuse typed data of another chain), the signature is put in the
 * form the Safe checks, and it must recover to the account: a wallet that signed something else is caught
 * before the signature goes anywhere.
 */
export async function signSafeTx(
  config: Config,
  p: { chainId: number; safe: Address; account: Address; tx: SafeTx.SafeTx },
): Promise<SignedSafeTx> {
  if (getAccount(config).chainId !== p.chainId) await switchChain(config, { chainId: p.chainId })
  const domain = { chainId: p.chainId, address: p.safe }
  const hashes = safeTxHashes(p.tx, domain)
  const raw = await signTypedData(config, { account: p.account, ...SafeTx.getTypedData(p.tx, domain) })
  const signature = normalizeEcdsaSignature(raw)
  const recovered = await recoverAddress({ hash: hashes.safeTxHash, signature })
  if (!isAddressEqual(recovered, p.account))
    throw new Error('The wallet signed something else than the transaction shown: nothing was sent')
  return { tx: p.tx, hashes, signature, signer: p.account }
}

/** Wallet errors in a sentence: viem's short message, without the request dump. */
export const walletErrorText = (error: unknown): string => {
  if (error instanceof Error) {
    const short = (error as { shortMessage?: unknown }).shortMessage
    return typeof short === 'string' ? short : error.message.split('\n')[0] || error.message
  }
  return String(error)
}
