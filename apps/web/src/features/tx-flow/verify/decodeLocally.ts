// The call of a transaction decoded in this browser, from ABIs it ships (tokens, NFTs, Safe settings,
// MultiSend batches), with no decoder service: what /verify shows beside the hashes. Each decoding must re-encode
// to the very bytes, or it is reported as not explained.
import { erc20Abi, erc721Abi, multiSendAbi, safeAbi } from '@concord/safe/contracts'
import { decodeMultiSend } from '@concord/safe/multiSend'
import { type Abi, decodeFunctionData, encodeFunctionData, type Hex, size, slice } from 'viem'
import { encodingDifference } from './checkDecoded'

const ABIS: readonly Abi[] = [erc20Abi, erc721Abi, safeAbi, multiSendAbi]
const MAX_DEPTH = 4

export type LocalCall = {
  to: string
  value: bigint
  operation: number
  /** `transfer(address to, uint256 value)` with the values, or the selector when no ABI here knows it. */
  method: string | null
  args: { name: string; type: string; value: string }[]
  selector: Hex | null
  /** Why the bytes are not exactly the call shown, if they are not. */
  problem: string | null
  actions: LocalCall[]
}

const text = (value: unknown): string =>
  Array.isArray(value) ? `[${value.map(text).join(', ')}]` : String(value)

export function decodeLocally(
  call: { to: string; value: bigint; data: Hex; operation: number },
  depth = 0,
): LocalCall {
  const base = { to: call.to, value: call.value, operation: call.operation }
  if (size(call.data) === 0)
    return { ...base, method: null, args: [], selector: null, problem: null, actions: [] }
  if (size(call.data) < 4)
    return {
      ...base,
      method: null,
      args: [],
      selector: null,
      problem: 'Data shorter than a function selector',
      actions: [],
    }
  const selector = slice(call.data, 0, 4)
  for (const abi of ABIS) {
    let decoded: { functionName: string; args?: readonly unknown[] | undefined }
    try {
      decoded = decodeFunctionData({ abi, data: call.data })
    } catch {
      continue
    }
    const item = abi.find(
      (i) =>
        i.type === 'function' &&
        i.name === decoded.functionName &&
        i.inputs.length === (decoded.args?.length ?? 0),
    )
    if (item?.type !== 'function') continue
    const args = decoded.args ?? []
    const difference = encodingDifference(
      call.data,
      encodeFunctionData({ abi: [item], functionName: item.name, args } as Parameters<
        typeof encodeFunctionData
      >[0]),
    )
    // A batch's entries, once: null when its bytes do not add up.
    const batch = item.name === 'multiSend' ? decodeMultiSend(call.data) : undefined
    const actions = batch && depth < MAX_DEPTH ? batch.map((a) => decodeLocally(a, depth + 1)) : []
    const batchProblem = batch === null ? "The batch's entries do not add up to its bytes" : null
    return {
      ...base,
      method: item.name,
      args: item.inputs.map((input, i) => ({
        name: input.name ?? `#${i}`,
        type: input.type,
        value: text(args[i]),
      })),
      selector,
      problem: difference ? `Not exactly the call shown: ${difference}` : batchProblem,
      actions,
    }
  }
  return { ...base, method: null, args: [], selector, problem: null, actions: [] }
}
