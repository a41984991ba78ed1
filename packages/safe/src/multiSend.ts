// The actions packed in a MultiSend (or MultiSendCallOnly) call: each is operation (1 byte), to (20), value (32),
// data length (32) and data, back to back (the layout of the Safe's MultiSend library).
import {
  type Address,
  decodeFunctionData,
  getAddress,
  type Hex,
  hexToBigInt,
  hexToNumber,
  size,
  slice,
} from 'viem'
import { multiSendAbi } from './contracts.ts'

export type MultiSendAction = { to: Address; value: bigint; data: Hex; operation: 0 | 1 }

/** Reads a multiSend(bytes) call back into its actions; null when the data is not one (or is malformed). */
export function decodeMultiSend(data: Hex): MultiSendAction[] | null {
  let packed: Hex
  try {
    const decoded = decodeFunctionData({ abi: multiSendAbi, data })
    packed = decoded.args[0]
  } catch {
    return null
  }
  const calls: MultiSendAction[] = []
  const total = size(packed)
  let offset = 0
  while (offset < total) {
    if (offset + 85 > total) return null
    const operation = hexToNumber(slice(packed, offset, offset + 1))
    const to = getAddress(slice(packed, offset + 1, offset + 21))
    const value = hexToBigInt(slice(packed, offset + 21, offset + 53))
    const length = Number(hexToBigInt(slice(packed, offset + 53, offset + 85)))
    if (operation > 1 || offset + 85 + length > total) return null
    const callData = length === 0 ? '0x' : slice(packed, offset + 85, offset + 85 + length)
    calls.push({ to, value, data: callData, operation: operation as 0 | 1 })
    offset += 85 + length
  }
  return calls
}
