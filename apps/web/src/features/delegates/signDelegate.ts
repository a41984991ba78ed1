import { type Address, type Hex, hexToNumber, size, slice, toHex } from 'viem'
import type { Config } from 'wagmi'
import { signTypedData } from 'wagmi/actions'
import { delegateSigningData, deleteDelegateSigningData } from './api/requests'

export type DelegateSigning = {
  delegate: Address
  chainId: number
  removeFrom?: Address | undefined
  /** The moment whose hour is signed (default now): the one whose hashes the signer was shown. */
  nowMs?: number | undefined
}

/** The typed data signed to add `delegate` or (with `removeFrom`) remove it from that Safe. */
export const delegateSigning = (p: DelegateSigning) =>
  p.removeFrom
    ? deleteDelegateSigningData({
        delegate: p.delegate,
        safe: p.removeFrom,
        chainId: p.chainId,
        nowMs: p.nowMs,
      })
    : delegateSigningData({ delegate: p.delegate, chainId: p.chainId, nowMs: p.nowMs })

/**
 * The connected wallet's EIP-712 signature adding `delegate`, or (with `removeFrom`) removing it from that Safe
 * (v 27/28, as the service expects).
 */
export async function signDelegate(config: Config, p: DelegateSigning & { account: Address }): Promise<Hex> {
  const raw = p.removeFrom
    ? await signTypedData(config, {
        account: p.account,
        ...deleteDelegateSigningData({ ...p, safe: p.removeFrom }),
      })
    : await signTypedData(config, { account: p.account, ...delegateSigningData(p) })
  if (size(raw) !== 65) throw new Error(`The wallet returned a ${size(raw)}-byte signature, expected 65`)
  const v = hexToNumber(slice(raw, 64, 65))
  return v < 27 ? (`${slice(raw, 0, 64)}${toHex(v + 27, { size: 1 }).slice(2)}` as Hex) : raw
}
