import { safeAbi, safeContracts, safeProxyFactoryAbi } from '@concord/safe/contracts'
import { type Address, decodeFunctionData, type Hex, isAddressEqual, zeroAddress } from 'viem'

/** What replaying a Safe's creation on another chain sends, or why it cannot. */
export type ReplayPlan =
  | {
      ok: true
      factory: Address
      singleton: Address
      initializer: Hex
      saltNonce: bigint
      owners: readonly Address[]
      threshold: bigint
    }
  | { ok: false; reason: string }

/** The canonical Safe proxy factories (v1.3.0, v1.4.1): at the same address, with the same code, on every chain. */
const FACTORIES = Object.values(safeContracts).map((contracts) => contracts.safeProxyFactory)

/**
 * Whether the transaction that created a Safe can be sent again on another chain to create it at the same address:
 * a direct createProxyWithNonce call to a canonical factory, whose setup depends on nothing chain-specific (no
 * setup call through `to`/`data`, no refund payment). The replayed Safe starts with the creation's owners and
 * threshold, not today's.
 */
export function replayPlan(tx: { to: Address | null; input: Hex }): ReplayPlan {
  const factory = tx.to
  if (!factory || !FACTORIES.some((known) => isAddressEqual(known, factory)))
    return {
      ok: false,
      reason: `It was created through ${factory ?? 'a contract creation'}, not a canonical Safe proxy factory.`,
    }
  let call: ReturnType<typeof decodeFunctionData<typeof safeProxyFactoryAbi>>
  try {
    call = decodeFunctionData({ abi: safeProxyFactoryAbi, data: tx.input })
  } catch {
    return { ok: false, reason: 'Its creation transaction is not a createProxyWithNonce call.' }
  }
  if (call.functionName !== 'createProxyWithNonce')
    return { ok: false, reason: `Its creation called ${call.functionName}, not createProxyWithNonce.` }
  const [singleton, initializer, saltNonce] = call.args as readonly [Address, Hex, bigint]
  let setup: ReturnType<typeof decodeFunctionData<typeof safeAbi>>
  try {
    setup = decodeFunctionData({ abi: safeAbi, data: initializer })
  } catch {
    return { ok: false, reason: 'Its initializer is not a Safe setup call.' }
  }
  if (setup.functionName !== 'setup')
    return { ok: false, reason: 'Its initializer is not a Safe setup call.' }
  const [owners, threshold, to, data, , , payment] = setup.args as readonly [
    readonly Address[],
    bigint,
    Address,
    Hex,
    Address,
    Address,
    bigint,
    Address,
  ]
  if (!isAddressEqual(to, zeroAddress) || data !== '0x')
    return { ok: false, reason: `Its setup also calls ${to}, whose state on another chain may differ.` }
  if (payment !== 0n)
    return { ok: false, reason: 'Its setup paid a refund, which another chain would pay again.' }
  return { ok: true, factory, singleton, initializer, saltNonce, owners, threshold }
}
