// Dry-running a Safe transaction with one plain eth_call, no tracing API and no third-party service: the
// SafeSimulator's runtime code (packages/devnet/contracts/SafeSimulator.sol, compiled into
// simulatorArtifact.ts) is placed at SIMULATOR_ADDRESS by a state override, and a second override enables it
// as a module of the Safe, whose execTransactionFromModuleReturnData then runs the transaction unsigned.
// State overrides (the third eth_call parameter) are standard in geth, erigon, reth, nethermind, anvil and
// Hardhat (EDR).
import {
  type Address,
  encodeAbiParameters,
  getAddress,
  type Hex,
  keccak256,
  pad,
  type RpcStateOverride,
} from 'viem'
import { safeSimulatorAbi, safeSimulatorRuntimeCode } from './simulatorArtifact.ts'

export { safeSimulatorAbi, safeSimulatorRuntimeCode }

/**
 * Where the simulator's code is placed for the call: an address with no key and no CREATE history ("5afe51"
 * spelled twice), so on any real chain it holds no code and no storage of its own.
 */
export const SIMULATOR_ADDRESS: Address = getAddress('0x5afe5100000000000000000000000000005afe51')

/**
 * Storage slot of the Safe's `mapping(address => address) modules` (ModuleManager). Slot 0 is the proxy's
 * `singleton`; the compiler's storage layout of GnosisSafe v1.3.0 and Safe v1.4.1 puts `modules` at slot 1,
 * and every later version keeps the layout (upgrades swap the singleton under the same storage).
 */
export const SAFE_MODULES_SLOT = 1n

/** The head of the Safe's module list; any non-zero `modules[module]` makes `module` enabled. */
export const SENTINEL_MODULES: Address = '0x0000000000000000000000000000000000000001'

/** The storage slot of `modules[module]` in a Safe: keccak256(abi.encode(module, SAFE_MODULES_SLOT)). */
export function moduleSlot(module: Address): Hex {
  return keccak256(
    encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [module, SAFE_MODULES_SLOT]),
  )
}

/**
 * The state override (third eth_call parameter, JSON-RPC shape) that runs the simulator: its code at
 * SIMULATOR_ADDRESS, and the simulator enabled as a module of `safe` (only that one storage slot of the Safe
 * changes, for this call only). Send it with a plain `eth_call` request: viem's `call` action would follow a
 * CCIP-Read (OffchainLookup) revert to URLs chosen by the called code.
 *
 * @example
 * const data = encodeFunctionData({
 *   abi: safeSimulatorAbi,
 *   functionName: 'simulate',
 *   args: [safe, to, value, calldata, 0, [zeroAddress]],
 * })
 * const result = await client.request({
 *   method: 'eth_call',
 *   params: [{ to: SIMULATOR_ADDRESS, data }, 'latest', simulatorStateOverride(safe)],
 * })
 */
export function simulatorStateOverride(safe: Address): RpcStateOverride {
  return {
    [SIMULATOR_ADDRESS]: { code: safeSimulatorRuntimeCode },
    [getAddress(safe)]: { stateDiff: { [moduleSlot(SIMULATOR_ADDRESS)]: pad(SENTINEL_MODULES) } },
  }
}
