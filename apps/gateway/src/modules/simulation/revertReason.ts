// A revert's data as one readable line: Error(string) as its text, Panic(uint256) with what the code means,
// the token errors of ERC-6093 (OpenZeppelin 5 tokens revert with them) with their arguments, and any other
// custom error by its selector.
import { type Abi, decodeErrorResult, type Hex, parseAbi, size, slice } from 'viem'

/** The standard token errors (ERC-6093), which OpenZeppelin 5 tokens revert with. */
const tokenErrorsAbi = parseAbi([
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error ERC20InvalidSender(address sender)',
  'error ERC20InvalidReceiver(address receiver)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InvalidApprover(address approver)',
  'error ERC20InvalidSpender(address spender)',
  'error ERC721InvalidOwner(address owner)',
  'error ERC721NonexistentToken(uint256 tokenId)',
  'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
  'error ERC721InvalidSender(address sender)',
  'error ERC721InvalidReceiver(address receiver)',
  'error ERC721InsufficientApproval(address operator, uint256 tokenId)',
  'error ERC721InvalidApprover(address approver)',
  'error ERC721InvalidOperator(address operator)',
])

/** Panic codes the Solidity compiler emits (docs: "Panic via assert and Error via require"). */
const PANIC_CODES: Record<number, string> = {
  0: 'generic compiler panic',
  1: 'assertion failed',
  17: 'arithmetic overflow or underflow',
  18: 'division or modulo by zero',
  33: 'invalid enum value',
  34: 'invalid storage byte array encoding',
  49: 'pop on an empty array',
  50: 'array index out of bounds',
  65: 'out of memory',
  81: 'call to an uninitialised internal function',
}

/**
 * Readable reason of a revert, or null when it carried no data (a bare `revert()`, an out-of-gas, a failed
 * value transfer). Data that decodes as none of the known shapes is named by its selector.
 */
export function decodeRevertReason(data: Hex): string | null {
  if (size(data) === 0) return null
  if (size(data) < 4) return `Reverted with ${data}`
  try {
    const { errorName, args, abiItem } = decodeErrorResult({ abi: tokenErrorsAbi as Abi, data })
    if (errorName === 'Error') return String(args?.[0])
    if (errorName === 'Panic') {
      const code = Number(args?.[0])
      return `Panic(0x${code.toString(16).padStart(2, '0')}): ${PANIC_CODES[code] ?? 'unknown panic code'}`
    }
    const inputs = abiItem.type === 'error' ? abiItem.inputs : []
    const shown = (args ?? []).map((a, i) => `${inputs[i]?.name ?? i}: ${String(a)}`)
    return `${errorName}(${shown.join(', ')})`
  } catch {
    // An unknown selector, or a known one whose arguments do not decode.
    return `Custom error ${slice(data, 0, 4)}`
  }
}
