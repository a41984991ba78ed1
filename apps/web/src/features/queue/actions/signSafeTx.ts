import * as SafeTx from '@concord/safe/SafeTx'
import { parseSignatures } from '@concord/safe/signatures'
import { type Address, type Hex, hexToNumber, isAddressEqual, size, slice, toHex } from 'viem'
import type { Config } from 'wagmi'
import { signTypedData } from 'wagmi/actions'

/**
 * EIP-712 signature of a SafeTx by the connected wallet, in the form the Safe checks (v 27/28: some hardware
 * wallets answer 0/1) and checked to recover to `account` before it is sent anywhere.
 */
export async function signSafeTx(
  config: Config,
  p: { chainId: number; safe: Address; account: Address; tx: SafeTx.SafeTx; safeTxHash: Hex },
): Promise<Hex> {
  const typedData = SafeTx.getTypedData(p.tx, { chainId: p.chainId, address: p.safe })
  const raw = await signTypedData(config, { account: p.account, ...typedData })
  if (size(raw) !== 65) throw new Error(`The wallet returned a ${size(raw)}-byte signature, expected 65`)
  const v = hexToNumber(slice(raw, 64, 65))
  const signature = v < 27 ? (`${slice(raw, 0, 64)}${toHex(v + 27, { size: 1 }).slice(2)}` as Hex) : raw
  const [parsed] = await parseSignatures(signature, p.safeTxHash)
  if (parsed?.type !== 'EOA' || !isAddressEqual(parsed.signer, p.account))
    throw new Error('The wallet signed something else than the transaction shown: nothing was sent')
  return signature
}
