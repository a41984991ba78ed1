// Runs a Safe transaction in one eth_call (see @concord/safe/simulator) and turns the simulator's answer into
// the route's shape: success or the revert reason, the gas the execution used, the Safe's balance changes.
import { erc20Abi } from '@concord/safe/contracts'
import { SIMULATOR_ADDRESS, safeSimulatorAbi, simulatorStateOverride } from '@concord/safe/simulator'
import {
  type Address,
  BaseError,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  InvalidParamsRpcError,
  isHex,
  MethodNotSupportedRpcError,
  type PublicClient,
  RpcRequestError,
  zeroAddress,
} from 'viem'
import type { ChainConfig } from '../../config/chainConfig.ts'
import { HttpError } from '../../http/errors.ts'
import { decodeRevertReason } from './revertReason.ts'
import type { SimulatedToken } from './simulation.repository.ts'
import type { BalanceChange, Simulation, SimulationRequest } from './simulation.schemas.ts'

export type SimulateParameters = {
  client: PublicClient
  chain: Pick<ChainConfig, 'nativeCurrency'>
  safe: Address
  tx: SimulationRequest
  /** ERC20 balances to compare (the native coin is always compared, first). */
  tokens: readonly SimulatedToken[]
}

/** The node answered, but not as a node that applies eth_call state overrides does. */
export class SimulationUnsupportedError extends HttpError {
  override name = 'SimulationUnsupportedError'
  constructor(detail: string) {
    super(503, `The chain node cannot simulate: ${detail} (needs eth_call with state overrides)`)
  }
}

type SimulatorResult = readonly [boolean, Hex, bigint, readonly bigint[], readonly bigint[]]

export async function simulateSafeTransaction(p: SimulateParameters): Promise<Simulation> {
  const { client, safe, tx, tokens } = p
  const assets = [zeroAddress, ...tokens.map((t) => t.address as Address)]
  const outcome = await callSimulator(client, safe, tx, assets)
  if ('reverted' in outcome) {
    // The Safe refused the module call itself (a 1.5.0 module guard, say): nothing ran.
    return {
      success: false,
      revertReason: decodeRevertReason(outcome.reverted),
      gasUsed: '0',
      balanceChanges: [],
    }
  }
  const [success, returnData, gasUsed, before, after] = outcome.result
  const changed = assets.flatMap((address, i) => {
    const [from, to] = [before[i] ?? 0n, after[i] ?? 0n]
    return from === to ? [] : [{ index: i, address, before: from, after: to }]
  })
  const balanceChanges: BalanceChange[] = await Promise.all(
    changed.map(async ({ index, address, before, after }) => {
      const meta =
        index === 0
          ? { symbol: p.chain.nativeCurrency.symbol, decimals: p.chain.nativeCurrency.decimals }
          : await tokenMetadata(client, tokens[index - 1] as SimulatedToken)
      return {
        tokenAddress: index === 0 ? null : address,
        ...meta,
        before: before.toString(),
        after: after.toString(),
        change: (after - before).toString(),
      }
    }),
  )
  let revertReason = success ? null : decodeRevertReason(returnData)
  // A value transfer the Safe cannot pay fails without any revert data: say why.
  const value = BigInt(tx.value)
  if (!success && revertReason === null && tx.operation === 0 && value > (before[0] ?? 0n))
    revertReason = `The Safe's balance (${before[0]} wei) is lower than the value sent (${value} wei)`
  return { success, revertReason, gasUsed: gasUsed.toString(), balanceChanges }
}

async function callSimulator(
  client: PublicClient,
  safe: Address,
  tx: SimulationRequest,
  assets: Address[],
): Promise<{ result: SimulatorResult } | { reverted: Hex }> {
  const data = encodeFunctionData({
    abi: safeSimulatorAbi,
    functionName: 'simulate',
    args: [safe, tx.to as Address, BigInt(tx.value), tx.data ?? '0x', tx.operation, assets],
  })
  let answer: Hex
  try {
    // A plain request, not viem's call(): that one follows CCIP-Read reverts to URLs the called code picks.
    answer = await client.request({
      method: 'eth_call',
      params: [{ to: SIMULATOR_ADDRESS, data }, 'latest', simulatorStateOverride(safe)],
    })
  } catch (error) {
    if (
      error instanceof BaseError &&
      error.walk((e) => e instanceof InvalidParamsRpcError || e instanceof MethodNotSupportedRpcError)
    )
      throw new SimulationUnsupportedError(`it refused the call (${error.shortMessage})`)
    const reverted = revertData(error)
    if (reverted === undefined) throw error
    // GS104 "method can only be called from an enabled module": the module override was not applied.
    if (decodeRevertReason(reverted) === 'GS104')
      throw new SimulationUnsupportedError('it ignored the state override of the Safe')
    return { reverted }
  }
  // No code ran at the simulator's address: the node ignored the code override.
  if (!answer || answer === '0x')
    throw new SimulationUnsupportedError('it ignored the state override of the code')
  try {
    return { result: decodeFunctionResult({ abi: safeSimulatorAbi, functionName: 'simulate', data: answer }) }
  } catch {
    throw new SimulationUnsupportedError('its answer is not what the simulator code returns')
  }
}

/** Revert data of a failed eth_call, however the node words it; undefined when the call did not revert. */
function revertData(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined
  const rpcError = error.walk((e) => e instanceof RpcRequestError) as RpcRequestError | null
  if (!rpcError) return undefined
  const data = (rpcError.data as { data?: unknown } | undefined)?.data ?? rpcError.data
  if (typeof data === 'string' && isHex(data)) return data
  // A revert without data: nodes say "execution reverted" (JSON-RPC code 3 or -32000).
  return /revert/i.test(rpcError.details) ? '0x' : undefined
}

/**
 * The indexer's metadata, else read from the token now (one the indexer has not described yet), by plain
 * eth_calls for the same reason as the simulation's (no CCIP-Read).
 */
async function tokenMetadata(client: PublicClient, token: SimulatedToken) {
  const address = token.address as Address
  const read = (functionName: 'symbol' | 'decimals') =>
    client.request({
      method: 'eth_call',
      params: [{ to: address, data: encodeFunctionData({ abi: erc20Abi, functionName }) }, 'latest'],
    })
  const [symbol, decimals] = await Promise.all([
    token.symbol ??
      read('symbol')
        .then((data) => decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data }))
        .catch(() => ''),
    token.decimals ??
      read('decimals')
        .then((data) => decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data }))
        .catch(() => 0),
  ])
  return { symbol, decimals }
}
