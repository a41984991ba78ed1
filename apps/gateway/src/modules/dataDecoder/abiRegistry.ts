// Function ABIs the data decoder knows, keyed by 4-byte selector: the Safe, ERC20, ERC721, MultiSend, the Safe
// migration contracts, the devnet's demo contracts, the Zodiac Delay modifier and ModuleProxyFactory (recovery),
// plus whatever an operator configures (`abis` in the gateway config, parsed by config/abiEntries.ts), optionally
// bound to one contract address. Lookup order: an ABI bound to the called address, then the first ABI registered
// for the selector (built-ins first, so an unbound operator ABI never shadows a standard one).
import { allowanceModuleAbi } from '@concord/safe/allowanceModule'
import { multiSendAbi, safeAbi, safeMigrationAbi, safeToL2MigrationAbi } from '@concord/safe/contracts'
import { delayAbi, moduleProxyFactoryAbi } from '@concord/safe/recovery'
import { type Abi, type AbiFunction, isAddress, parseAbi, toFunctionSelector } from 'viem'
import { AbiEntryError, parseAbiEntries } from '../../config/abiEntries.ts'

/** ERC20 with OpenZeppelin's parameter names (what the Safe decoder service returns: `transfer(to, value)`). */
export const ERC20_SIGNATURES = [
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address account) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function transferFrom(address from, address to, uint256 value) returns (bool)',
  'function increaseAllowance(address spender, uint256 addedValue) returns (bool)',
  'function decreaseAllowance(address spender, uint256 subtractedValue) returns (bool)',
] as const

/**
 * ERC721. `approve`, `transferFrom` and `balanceOf` share their selectors with ERC20, whose entries (registered
 * first) win: an ERC721 `transferFrom` decodes as `(from, to, value)`; read the token id by position.
 */
export const ERC721_SIGNATURES = [
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function setApprovalForAll(address operator, bool approved)',
  'function approve(address to, uint256 tokenId)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
] as const

/** Safe functions beyond @concord/safe's safeAbi: older/newer singletons and libraries a Safe delegate-calls. */
export const SAFE_EXTRA_SIGNATURES = [
  'function changeMasterCopy(address _masterCopy)',
  'function setModuleGuard(address moduleGuard)',
  'function signMessage(bytes _data)',
] as const

/** The devnet's demo contracts (packages/devnet/contracts): DemoToken is plain ERC20, DemoCollectible adds these. */
export const DEMO_SIGNATURES = ['function mint(address to) returns (uint256 tokenId)'] as const

/** An operator ABI: human-readable signatures (viem parseAbi) and/or JSON ABI items. */
export type ExtraAbi = { address?: string; abi: readonly (string | object)[] }

export type AbiRegistry = {
  /** The function for `selector` (0x + 8 hex digits), preferring one bound to `to`. */
  lookup(selector: string, to?: string): AbiFunction | undefined
}

const functionsOf = (abi: Abi): AbiFunction[] =>
  abi.filter((item): item is AbiFunction => item.type === 'function' && Array.isArray(item.inputs))

/** The ABIs every decoder knows, in registration (= precedence) order. */
export const BUILTIN_ABIS: readonly Abi[] = [
  safeAbi,
  parseAbi(SAFE_EXTRA_SIGNATURES),
  multiSendAbi,
  safeMigrationAbi,
  safeToL2MigrationAbi,
  parseAbi(ERC20_SIGNATURES),
  parseAbi(ERC721_SIGNATURES),
  parseAbi(DEMO_SIGNATURES),
  // Recovery (Zodiac Delay and its factory): setup, cancel (setTxNonce) and execution read as what they are.
  delayAbi,
  moduleProxyFactoryAbi,
  // Spending limits (AllowanceModule): addDelegate, setAllowance, reset, delete and the beneficiary's transfer.
  allowanceModuleAbi,
]

export function createAbiRegistry(extraAbis: readonly ExtraAbi[] = []): AbiRegistry {
  const global = new Map<string, AbiFunction>()
  const byAddress = new Map<string, Map<string, AbiFunction>>()
  const add = (target: Map<string, AbiFunction>, abi: Abi) => {
    for (const fn of functionsOf(abi)) {
      const selector = toFunctionSelector(fn)
      if (!target.has(selector)) target.set(selector, fn)
    }
  }

  for (const abi of BUILTIN_ABIS) add(global, abi)
  for (const [i, { address, abi }] of extraAbis.entries()) {
    let parsed: Abi
    try {
      parsed = parseAbiEntries(abi)
    } catch (error) {
      const where = error instanceof AbiEntryError && error.index !== undefined ? `.${error.index}` : ''
      throw new Error(`abis.${i}.abi${where}: ${(error as Error).message}`)
    }
    if (address === undefined) {
      add(global, parsed)
      continue
    }
    if (!isAddress(address, { strict: false }))
      throw new Error(`abis.${i}.address: invalid address ${address}`)
    const key = address.toLowerCase()
    const bound = byAddress.get(key) ?? new Map<string, AbiFunction>()
    byAddress.set(key, bound)
    add(bound, parsed)
  }

  return {
    lookup(selector, to) {
      const key = selector.toLowerCase()
      if (to) {
        const bound = byAddress.get(to.toLowerCase())?.get(key)
        if (bound) return bound
      }
      return global.get(key)
    },
  }
}
