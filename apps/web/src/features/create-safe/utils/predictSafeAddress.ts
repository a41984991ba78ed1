import { safeAbi, safeV141 } from '@concord/safe/contracts'
import {
  type Address,
  concat,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  type Hex,
  keccak256,
  pad,
  zeroAddress,
} from 'viem'

/** The Safe version new Safes are created with (the contracts below). */
export const NEW_SAFE_VERSION = '1.4.1'

/** The v1.4.1 contracts a new Safe is made of: SafeL2 behind a proxy, with the compatibility fallback handler. */
export const NEW_SAFE_CONTRACTS = {
  factory: safeV141.safeProxyFactory,
  singleton: safeV141.safeL2,
  fallbackHandler: safeV141.compatibilityFallbackHandler,
} as const

/** The `setup(…)` call the proxy runs on creation: owners, threshold and the fallback handler, nothing else. */
export const safeSetupData = (p: { owners: readonly Address[]; threshold: number }): Hex =>
  encodeFunctionData({
    abi: safeAbi,
    functionName: 'setup',
    args: [
      [...p.owners],
      BigInt(p.threshold),
      zeroAddress,
      '0x',
      NEW_SAFE_CONTRACTS.fallbackHandler,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  })

/** The arguments of `createProxyWithNonce`: what the fee is estimated for and what the wallet then sends. */
export const createProxyArgs = (p: {
  owners: readonly Address[]
  threshold: number
  saltNonce: bigint
}): readonly [Address, Hex, bigint] => [NEW_SAFE_CONTRACTS.singleton, safeSetupData(p), p.saltNonce]

/**
 * The address `createProxyWithNonce(singleton, initializer, saltNonce)` deploys to: CREATE2 from the factory
 * with salt keccak256(keccak256(initializer) ++ saltNonce) over the proxy's creation code followed by the
 * singleton as a uint256 (SafeProxyFactory 1.3.0 and 1.4.1).
 */
export function predictSafeAddress(p: {
  factory: Address
  singleton: Address
  initializer: Hex
  saltNonce: bigint
  /** `proxyCreationCode()` of the factory. */
  proxyCreationCode: Hex
}): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: p.factory,
    salt: keccak256(encodePacked(['bytes32', 'uint256'], [keccak256(p.initializer), p.saltNonce])),
    bytecode: concat([p.proxyCreationCode, pad(p.singleton, { size: 32 })]),
  })
}
