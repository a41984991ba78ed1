// The AllowanceModule's interface (spending limits), as Safe's AllowanceModule v0.1.1 publishes it (the same
// functions and events as v0.1.0): the gateway and the web app call any deployment through it, the devnet's own
// compatible contract included. allowanceModule.test.ts compares it with the ABI of
// @safe-global/safe-modules-deployments, signature for signature (and the devnet's test its own contract's).
import {
  type Abi,
  type AbiParameter,
  type Address,
  encodeFunctionData,
  type Hex,
  parseAbi,
  toEventSignature,
  toFunctionSignature,
} from 'viem'
import { allowanceModuleDeployments, registryAllowanceModule } from './modules.ts'

export const allowanceModuleAbi = parseAbi([
  'event AddDelegate(address indexed safe, address delegate)',
  'event DeleteAllowance(address indexed safe, address delegate, address token)',
  'event ExecuteAllowanceTransfer(address indexed safe, address delegate, address token, address to, uint96 value, uint16 nonce)',
  'event PayAllowanceTransfer(address indexed safe, address delegate, address paymentToken, address paymentReceiver, uint96 payment)',
  'event RemoveDelegate(address indexed safe, address delegate)',
  'event ResetAllowance(address indexed safe, address delegate, address token)',
  'event SetAllowance(address indexed safe, address delegate, address token, uint96 allowanceAmount, uint16 resetTime)',
  'function ALLOWANCE_TRANSFER_TYPEHASH() view returns (bytes32)',
  'function DOMAIN_SEPARATOR_TYPEHASH() view returns (bytes32)',
  'function NAME() view returns (string)',
  'function VERSION() view returns (string)',
  'function allowances(address, address, address) view returns (uint96 amount, uint96 spent, uint16 resetTimeMin, uint32 lastResetMin, uint16 nonce)',
  'function delegates(address, uint48) view returns (address delegate, uint48 prev, uint48 next)',
  'function delegatesStart(address) view returns (uint48)',
  'function tokens(address, address, uint256) view returns (address)',
  'function setAllowance(address delegate, address token, uint96 allowanceAmount, uint16 resetTimeMin, uint32 resetBaseMin)',
  'function resetAllowance(address delegate, address token)',
  'function deleteAllowance(address delegate, address token)',
  'function executeAllowanceTransfer(address safe, address token, address to, uint96 amount, address paymentToken, uint96 payment, address delegate, bytes signature)',
  'function getChainId() pure returns (uint256)',
  'function generateTransferHash(address safe, address token, address to, uint96 amount, address paymentToken, uint96 payment, uint16 nonce) view returns (bytes32)',
  'function getTokens(address safe, address delegate) view returns (address[])',
  'function getTokenAllowance(address safe, address delegate, address token) view returns (uint256[5])',
  'function addDelegate(address delegate)',
  'function removeDelegate(address delegate, bool removeAllowances)',
  'function getDelegates(address safe, uint48 start, uint8 pageSize) view returns (address[] results, uint48 next)',
])

/**
 * Where the Concord devnet deploys its own AllowanceModule-compatible contract: CREATE2 with salt 0 through the
 * Safe singleton factory, so the address follows from the committed artifact (the devnet checks it at start).
 */
export const DEVNET_ALLOWANCE_MODULE: Address = '0x6fD62DF2695342b4d68424f201a279A3202c5432'

/** What getTokenAllowance answers, named. Minutes are since the Unix epoch; a reset time of 0 never resets. */
export type TokenAllowance = {
  amount: bigint
  spent: bigint
  resetTimeMin: number
  lastResetMin: number
  nonce: number
}

export function toTokenAllowance(words: readonly bigint[]): TokenAllowance {
  const [amount = 0n, spent = 0n, resetTimeMin = 0n, lastResetMin = 0n, nonce = 0n] = words
  return {
    amount,
    spent,
    resetTimeMin: Number(resetTimeMin),
    lastResetMin: Number(lastResetMin),
    nonce: Number(nonce),
  }
}

/** When the allowance is next reset (ms since the epoch), or undefined for a one-time allowance. */
export function nextResetAt(a: TokenAllowance): number | undefined {
  if (a.resetTimeMin === 0) return undefined
  return (a.lastResetMin + a.resetTimeMin) * 60_000
}

// Every function and event with its inputs, outputs, indexed flags and mutability: two ABIs that agree on this
// list encode and decode the same calls, results and logs.
export const abiSignatures = (abi: Abi) =>
  abi
    .flatMap((item) => {
      const types = (ps: readonly AbiParameter[]) =>
        ps.map((p) => `${p.type}${'indexed' in p && p.indexed ? ' indexed' : ''}`).join(',')
      if (item.type === 'function')
        return [`${toFunctionSignature(item)} ${item.stateMutability} -> (${types(item.outputs)})`]
      if (item.type === 'event') return [`${toEventSignature(item)} [${types(item.inputs)}]`]
      return []
    })
    .sort()

/** One call a Safe makes to set up or change a spending limit (batched through MultiSend when several). */
export type AllowanceCall = { to: Address; value: 0n; data: Hex }

/**
 * The calls that give `delegate` an allowance of `amount` of `token` (zero address: the native coin), reset every
 * `resetTimeMin` minutes (0: one-time): the module enabled and the delegate added first where they are not yet.
 * `resetBaseMin` 0 starts the periods now, as Safe{Wallet} does.
 */
export function setSpendingLimitCalls(p: {
  safe: Address
  module: Address
  moduleEnabled: boolean
  delegateAdded: boolean
  delegate: Address
  token: Address
  amount: bigint
  resetTimeMin: number
}): AllowanceCall[] {
  const calls: AllowanceCall[] = []
  if (!p.moduleEnabled)
    calls.push({
      to: p.safe,
      value: 0n,
      data: encodeFunctionData({
        abi: parseAbi(['function enableModule(address module)']),
        functionName: 'enableModule',
        args: [p.module],
      }),
    })
  const call = (data: Hex): AllowanceCall => ({ to: p.module, value: 0n, data })
  if (!p.delegateAdded)
    calls.push(
      call(encodeFunctionData({ abi: allowanceModuleAbi, functionName: 'addDelegate', args: [p.delegate] })),
    )
  calls.push(
    call(
      encodeFunctionData({
        abi: allowanceModuleAbi,
        functionName: 'setAllowance',
        args: [p.delegate, p.token, p.amount, p.resetTimeMin, 0],
      }),
    ),
  )
  return calls
}

/**
 * The spending-limit module of a chain as the gateway's chain config describes it (`/v1/chains/{id}`): none without
 * the SPENDING_LIMIT feature (derived from the node), else the one the gateway names (Concord's
 * `allowanceModuleAddress`: the chain's own or the deployment with code there), else the registry's for the chain
 * (Safe's Client Gateway names none), else the canonical v0.1.1.
 */
export function chainAllowanceModule(chain: {
  chainId: string | number
  features: readonly string[]
  contractAddresses: object
}): Address | undefined {
  if (!chain.features.includes('SPENDING_LIMIT')) return undefined
  const own = (chain.contractAddresses as { allowanceModuleAddress?: string | null }).allowanceModuleAddress
  return (own ??
    registryAllowanceModule(Number(chain.chainId)) ??
    allowanceModuleDeployments['0.1.1']) as Address
}

/** uint16 minutes: the longest reset period the module can hold (45 days and a half). */
export const MAX_RESET_MINUTES = 65_535

/** Where the module keeps a delegate: the low 48 bits of its address (the `delegates` mapping's key). */
export const delegateIndex = (delegate: Address): number => Number(BigInt(delegate) & 0xffffffffffffn)
