import { type SafeMessageContent, type SafeRef, safeMessageTypedData } from '@concord/safe/messages'
import { type Address, type Hex, hexToNumber, size, slice, toHex } from 'viem'
import type { Config } from 'wagmi'
import { signTypedData } from 'wagmi/actions'

/**
 * The connected owner's EIP-712 signature of SafeMessage{message} in the Safe's domain (v 27/28, as the gateway
 * and the Safe expect).
 */
export async function signSafeMessage(
  config: Config,
  p: { account: Address; safe: SafeRef; message: SafeMessageContent },
): Promise<Hex> {
  const raw = await signTypedData(config, { account: p.account, ...safeMessageTypedData(p.safe, p.message) })
  if (size(raw) !== 65) throw new Error(`The wallet returned a ${size(raw)}-byte signature, expected 65`)
  const v = hexToNumber(slice(raw, 64, 65))
  return v < 27 ? (`${slice(raw, 0, 64)}${toHex(v + 27, { size: 1 }).slice(2)}` as Hex) : raw
}
