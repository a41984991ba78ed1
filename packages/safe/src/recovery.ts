// Account recovery through a Zodiac Delay modifier, as Safe{Wallet} sets it up: the Safe enables a Delay proxy
// (owner, avatar and target: the Safe), the Delay enables the recoverers; a recoverer queues an owner change on
// the Delay, which anyone may run after the cooldown (executeNextTx) unless the owners skip it first
// (setTxNonce, a Safe transaction). Shared by the gateway (reading a Safe's recovery) and the web app (building
// the transactions), so both decode a queued recovery the same way.
import {
  type Address,
  concat,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  type Hex,
  isAddressEqual,
  keccak256,
  parseAbi,
  size,
} from 'viem'
import { multiSendAbi, safeAbi, safeContracts } from './contracts.ts'
import { zodiacContracts } from './modules.ts'
import { decodeMultiSend } from './multiSend.ts'

/** The Delay modifier functions and event Concord uses (`@gnosis.pm/zodiac` v4, Delay v1.0.1). */
export const delayAbi = parseAbi([
  'function setUp(bytes initParams)',
  'function owner() view returns (address)',
  'function avatar() view returns (address)',
  'function target() view returns (address)',
  'function txCooldown() view returns (uint256)',
  'function txExpiration() view returns (uint256)',
  'function txNonce() view returns (uint256)',
  'function queueNonce() view returns (uint256)',
  'function txCreatedAt(uint256) view returns (uint256)',
  'function txHash(uint256) view returns (bytes32)',
  'function getTransactionHash(address to, uint256 value, bytes data, uint8 operation) pure returns (bytes32)',
  'function getModulesPaginated(address start, uint256 pageSize) view returns (address[] array, address next)',
  'function enableModule(address module)',
  'function disableModule(address prevModule, address module)',
  'function execTransactionFromModule(address to, uint256 value, bytes data, uint8 operation) returns (bool success)',
  'function executeNextTx(address to, uint256 value, bytes data, uint8 operation)',
  'function setTxNonce(uint256 _nonce)',
  'event TransactionAdded(uint256 indexed queueNonce, bytes32 indexed txHash, address to, uint256 value, bytes data, uint8 operation)',
])

export const moduleProxyFactoryAbi = parseAbi([
  'function deployModule(address masterCopy, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'event ModuleProxyCreation(address indexed proxy, address indexed masterCopy)',
])

/** The Delay refuses an expiration between 0 and 60 seconds (Delay.setUp / setTxExpiration). */
export const MIN_DELAY_EXPIRATION_SECONDS = 60

/** The EIP-1167 minimal proxy ModuleProxyFactory deploys: creation code around the mastercopy address. */
const proxyCreationCode = (mastercopy: Address): Hex =>
  concat(['0x602d8060093d393df3363d3d373d3d3d363d73', mastercopy, '0x5af43d82803e903d91602b57fd5bf3'])

/** Runtime code of a minimal proxy of `mastercopy`: how a module is recognised as a Delay. */
export const minimalProxyRuntimeCode = (mastercopy: Address): Hex =>
  concat(['0x363d3d373d3d3d363d73', mastercopy, '0x5af43d82803e903d91602b57fd5bf3']).toLowerCase() as Hex

/** Whether this runtime code is a Delay proxy of the canonical mastercopy. */
export const isDelayProxyCode = (code: Hex | undefined): boolean =>
  !!code && code.toLowerCase() === minimalProxyRuntimeCode(zodiacContracts.delayMastercopy)

export type DelaySetup = {
  safe: Address
  /** Seconds a queued recovery waits before anyone may execute it. */
  cooldown: bigint
  /** Seconds after the cooldown during which it may run; 0: no expiry. */
  expiration: bigint
  /** Salt of the proxy's CREATE2 address (a second setup needs another one). */
  saltNonce: bigint
}

/** setUp's calldata: owner, avatar and target are the Safe itself. */
export const delayInitializer = (p: DelaySetup): Hex =>
  encodeFunctionData({
    abi: delayAbi,
    functionName: 'setUp',
    args: [
      encodeAbiParameters(
        [
          { type: 'address' },
          { type: 'address' },
          { type: 'address' },
          { type: 'uint256' },
          { type: 'uint256' },
        ],
        [p.safe, p.safe, p.safe, p.cooldown, p.expiration],
      ),
    ],
  })

/** The address ModuleProxyFactory.deployModule gives this setup (CREATE2, known before the deployment). */
export function predictDelayAddress(p: DelaySetup): Address {
  const salt = keccak256(encodePacked(['bytes32', 'uint256'], [keccak256(delayInitializer(p)), p.saltNonce]))
  return getContractAddress({
    opcode: 'CREATE2',
    from: zodiacContracts.moduleProxyFactory,
    salt,
    bytecode: proxyCreationCode(zodiacContracts.delayMastercopy),
  })
}

export type RecoveryCall = { to: Address; value: bigint; data: Hex; operation: 0 }

/**
 * The calls of a recovery setup, to run in one MultiSendCallOnly batch from the Safe: deploy the Delay, enable
 * it on the Safe, enable each recoverer on the Delay (the Safe owns the Delay, so it may).
 */
export function recoverySetupCalls(p: DelaySetup & { recoverers: readonly Address[] }): {
  delay: Address
  calls: RecoveryCall[]
} {
  const delay = predictDelayAddress(p)
  const call = (to: Address, data: Hex): RecoveryCall => ({ to, value: 0n, data, operation: 0 })
  return {
    delay,
    calls: [
      call(
        zodiacContracts.moduleProxyFactory,
        encodeFunctionData({
          abi: moduleProxyFactoryAbi,
          functionName: 'deployModule',
          args: [zodiacContracts.delayMastercopy, delayInitializer(p), p.saltNonce],
        }),
      ),
      call(p.safe, encodeFunctionData({ abi: safeAbi, functionName: 'enableModule', args: [delay] })),
      ...p.recoverers.map((recoverer) =>
        call(delay, encodeFunctionData({ abi: delayAbi, functionName: 'enableModule', args: [recoverer] })),
      ),
    ],
  }
}

/** Head of the Safe's linked lists: the "previous" entry of the first element. */
const SENTINEL: Address = '0x0000000000000000000000000000000000000001'

const has = (list: readonly Address[], item: Address) => list.some((entry) => isAddressEqual(entry, item))

/**
 * The Safe's own calls that turn `owners` into `newOwners` with `threshold`: add the new ones (each at the head of
 * the list, threshold 1 meanwhile), remove those not kept, then set the threshold. Throws on a list the Safe
 * would refuse, so a recoverer cannot queue a recovery that can never run.
 */
export function ownerChangeCalls(
  safe: Address,
  owners: readonly Address[],
  newOwners: readonly Address[],
  threshold: number,
): RecoveryCall[] {
  if (newOwners.length === 0) throw new Error('Name at least one new owner')
  if (new Set(newOwners.map((o) => o.toLowerCase())).size !== newOwners.length)
    throw new Error('An owner is listed twice')
  if (!Number.isInteger(threshold) || threshold < 1 || threshold > newOwners.length)
    throw new Error(`The threshold must be between 1 and ${newOwners.length}`)
  if (newOwners.some((o) => isAddressEqual(o, safe) || isAddressEqual(o, SENTINEL)))
    throw new Error('The Safe cannot own itself')
  const list = [...owners]
  const data: Hex[] = []
  for (const owner of newOwners.filter((o) => !has(owners, o))) {
    data.push(encodeFunctionData({ abi: safeAbi, functionName: 'addOwnerWithThreshold', args: [owner, 1n] }))
    list.unshift(owner)
  }
  for (const owner of owners.filter((o) => !has(newOwners, o))) {
    const index = list.findIndex((o) => isAddressEqual(o, owner))
    const prev = index === 0 ? SENTINEL : (list[index - 1] as Address)
    data.push(encodeFunctionData({ abi: safeAbi, functionName: 'removeOwner', args: [prev, owner, 1n] }))
    list.splice(index, 1)
  }
  data.push(encodeFunctionData({ abi: safeAbi, functionName: 'changeThreshold', args: [BigInt(threshold)] }))
  return data.map((d) => ({ to: safe, value: 0n, data: d, operation: 0 }))
}

export type OwnerChangeOutcome = { owners: Address[]; threshold: number | null }

/**
 * What a queued recovery does to the Safe's owners: its calls (one, or a MultiSend batch) replayed on `owners`.
 * Null when it is anything other than owner changes on this Safe (then the UI shows the raw call).
 */
export function ownerChangeOutcome(
  safe: Address,
  owners: readonly Address[],
  tx: { to: Address; value: bigint; data: Hex; operation: number },
): OwnerChangeOutcome | null {
  if (tx.operation === 1 && !isMultiSend(tx.to)) return null
  const calls =
    tx.operation === 1
      ? decodeMultiSend(tx.data)
      : [{ to: tx.to, value: tx.value, data: tx.data, operation: 0 }]
  if (!calls || calls.length === 0) return null
  const list = [...owners]
  let threshold: number | null = null
  for (const call of calls) {
    if (!isAddressEqual(call.to, safe) || call.operation !== 0 || call.value !== 0n || size(call.data) < 4)
      return null
    let decoded: ReturnType<typeof decodeFunctionData<typeof safeAbi>>
    try {
      decoded = decodeFunctionData({ abi: safeAbi, data: call.data })
    } catch {
      return null
    }
    const args = decoded.args as readonly unknown[]
    switch (decoded.functionName) {
      case 'addOwnerWithThreshold':
        list.unshift(args[0] as Address)
        threshold = Number(args[1])
        break
      case 'removeOwner': {
        const index = list.findIndex((o) => isAddressEqual(o, args[1] as Address))
        if (index === -1) return null
        list.splice(index, 1)
        threshold = Number(args[2])
        break
      }
      case 'swapOwner': {
        const index = list.findIndex((o) => isAddressEqual(o, args[1] as Address))
        if (index === -1) return null
        list[index] = args[2] as Address
        break
      }
      case 'changeThreshold':
        threshold = Number(args[0])
        break
      default:
        return null
    }
  }
  return { owners: list, threshold }
}

/** The canonical MultiSend and MultiSendCallOnly: the only targets a recovery may DELEGATECALL. */
const isMultiSend = (to: Address) =>
  Object.values(safeContracts).some(
    (c) => isAddressEqual(c.multiSend, to) || isAddressEqual(c.multiSendCallOnly, to),
  )

/**
 * What a recoverer queues on the Delay: the owner changes in one DELEGATECALL to MultiSendCallOnly (v1.4.1, which
 * runs in any Safe from 1.3.0 on), for `execTransactionFromModule` now and `executeNextTx` after the cooldown.
 */
export function recoveryTransaction(
  safe: Address,
  owners: readonly Address[],
  newOwners: readonly Address[],
  threshold: number,
): { to: Address; value: bigint; data: Hex; operation: 1 } {
  const calls = ownerChangeCalls(safe, owners, newOwners, threshold)
  const packed = concat(
    calls.map((c) =>
      encodePacked(
        ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
        [c.operation, c.to, c.value, BigInt(size(c.data)), c.data],
      ),
    ),
  )
  return {
    to: safeContracts['1.4.1'].multiSendCallOnly,
    value: 0n,
    data: encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [packed] }),
    operation: 1,
  }
}

export type { DelayRecovery, QueuedRecovery, SafeRecovery } from './recoveryTypes.ts'
