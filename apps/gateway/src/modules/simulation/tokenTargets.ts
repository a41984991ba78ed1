// Tokens a Safe transaction calls as ERC20s: their balances are read even when the Safe never held them.
import type { Address, Hex } from 'viem'
import { unpackMultiSend } from '../dataDecoder/multiSend.ts'

/** transfer(address,uint256), transferFrom(address,address,uint256), approve(address,uint256). */
const TOKEN_SELECTORS = new Set(['0xa9059cbb', '0x23b872dd', '0x095ea7b3'])
const MULTI_SEND_SELECTOR = '0x8d80ff0a'
/** A MultiSend may delegatecall another MultiSend; deeper nesting is not unpacked. */
const MAX_DEPTH = 3

type Call = { to: Address; data: Hex | null | undefined; operation: 0 | 1 }

/**
 * The `to` of every call (the transaction itself, or each call of a MultiSend batch, nested ones too) that is
 * an ERC20 transfer, transferFrom or approve, in order, without repeats.
 */
export function tokenTargets(call: Call): Address[] {
  const found = new Set<Address>()
  const visit = ({ to, data, operation }: Call, depth: number) => {
    const selector = data?.slice(0, 10).toLowerCase()
    if (!data || !selector) return
    // A delegatecall to a token would run its code on the Safe's own storage: no balance of that token moves.
    if (operation === 0 && TOKEN_SELECTORS.has(selector)) found.add(to)
    else if (operation === 1 && selector === MULTI_SEND_SELECTOR && depth < MAX_DEPTH)
      for (const inner of unpackMultiSend(data) ?? []) visit(inner, depth + 1)
  }
  visit(call, 0)
  return [...found]
}
