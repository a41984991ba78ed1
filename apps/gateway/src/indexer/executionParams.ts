// Parameters of executions that non-L2 Safes do not log. ExecutionSuccess/Failure carry only the safeTxHash,
// so the call that produced it is looked for, in order, in: the transaction's own calldata (a direct
// execTransaction), a stored proposal with that hash, and the node's call trace (debug_traceTransaction with
// the callTracer, when the node offers it). A candidate counts only if it hashes to the logged safeTxHash at
// the execution's nonce, so nothing the chain did not sign is ever attached. Rows no source explains keep
// null parameters: history still shows the execution with what the events tell.

import { safeAbi } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import {
  type Address,
  BaseError,
  decodeFunctionData,
  getAddress,
  type Hex,
  HttpRequestError,
  InvalidParamsRpcError,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
  type PublicClient,
  parseAbi,
  ResourceNotFoundRpcError,
  TimeoutError,
  toFunctionSelector,
  WebSocketRequestError,
  zeroAddress,
} from 'viem'
import type { ParamsSource } from '../db/schema.ts'
import { RetryableError } from '../errors/GatewayError.ts'
import { isFailedHttpAnswer } from '../errors/retryable.ts'
import type { ModuleRow, MultisigRow } from './rows.ts'

/** One call of a transaction: the top-level call, or a frame of its trace. */
type Call = { from: Address; to: Address; input: Hex }
type CallFrame = { from?: string; to?: string; input?: string; type?: string; calls?: CallFrame[] }

export type SafeTxParams = Omit<SafeTx.SafeTx, 'nonce'> & { signatures: Hex }

/** Looks up stored proposals by safeTxHash (wired in once proposals exist). */
export type ProposalSource = (safeTxHashes: Hex[]) => Promise<Map<Hex, SafeTxParams>>

const EXEC = toFunctionSelector(
  'execTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes)',
)
const moduleAbi = parseAbi([
  'function execTransactionFromModule(address to, uint256 value, bytes data, uint8 operation)',
  'function execTransactionFromModuleReturnData(address to, uint256 value, bytes data, uint8 operation)',
])
const MODULE_SELECTORS = new Set<string>(moduleAbi.map((f) => toFunctionSelector(f)))

const selectorOf = (input: Hex) => input.slice(0, 10).toLowerCase()
const same = (a: string | undefined, b: string) => a !== undefined && a.toLowerCase() === b.toLowerCase()

/** Node answers meaning "no such tracer here" (as opposed to a transient failure, which is retried). */
const unsupported = (error: unknown) =>
  error instanceof BaseError &&
  !!error.walk(
    (e) =>
      e instanceof MethodNotFoundRpcError ||
      e instanceof MethodNotSupportedRpcError ||
      e instanceof InvalidParamsRpcError,
  )

export type ExecutionResolver = {
  /** Fills the parameters of rows that lack them, in place; returns how many are still unknown. */
  resolve(multisig: MultisigRow[], modules: ModuleRow[]): Promise<number>
  /** Whether the node answered a call trace (undefined until one was asked). */
  tracing(): boolean | undefined
}

/** Answers the node gives for one transaction's trace before it is left without parameters. */
const MAX_TRACE_ATTEMPTS = 3
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The node says it cannot trace this transaction at all (its state is pruned on a non-archive node, or gone
 * from a devnet's memory): asking again would not help.
 */
const untraceable = (error: unknown) =>
  error instanceof BaseError &&
  (!!error.walk((e) => e instanceof ResourceNotFoundRpcError) ||
    /historical state|missing trie node|state .*not (found|available)|pruned/i.test(error.message))

/** The node could not be reached (as opposed to answering with an error for this transaction). */
const unreachable = (error: unknown) =>
  error instanceof BaseError &&
  !!error.walk(
    (e) =>
      e instanceof HttpRequestError ||
      isFailedHttpAnswer(e) ||
      e instanceof TimeoutError ||
      e instanceof WebSocketRequestError,
  )

export function createExecutionResolver(
  client: PublicClient,
  chainId: number,
  options: { proposals?: ProposalSource; onGiveUp?: (txHash: Hex, error: unknown) => void } = {},
): ExecutionResolver {
  const { proposals } = options
  let tracing: boolean | undefined

  const topCall = async (hash: Hex): Promise<Call> => {
    const tx = await client.request({ method: 'eth_getTransactionByHash', params: [hash] })
    if (!tx) throw new RetryableError(`transaction ${hash} of a logged execution not found`) // node lagging
    return { from: getAddress(tx.from), to: tx.to ? getAddress(tx.to) : zeroAddress, input: tx.input }
  }

  /** Every call of the transaction in execution order, or undefined when the node cannot trace. */
  const tracedCalls = async (hash: Hex): Promise<Call[] | undefined> => {
    if (tracing === false) return undefined
    let root: CallFrame | undefined
    for (let attempt = 1; !root; attempt++) {
      try {
        root = (await client.request({
          method: 'debug_traceTransaction' as 'eth_call',
          params: [hash, { tracer: 'callTracer' }] as never,
        })) as unknown as CallFrame
      } catch (error) {
        if (unsupported(error)) {
          tracing = false
          return undefined
        }
        // Node unreachable: the whole window is retried later, nothing is recorded.
        if (unreachable(error)) throw error
        // The node answers with an error for this transaction (e.g. its state is no longer kept, as on a
        // non-archive node): a few tries, then the execution stays listed without parameters.
        if (untraceable(error) || attempt >= MAX_TRACE_ATTEMPTS) {
          options.onGiveUp?.(hash, error)
          return undefined
        }
        await pause(50 * 3 ** attempt)
      }
    }
    tracing = true
    const out: Call[] = []
    const walk = (f: CallFrame) => {
      // A DELEGATECALL frame is the proxy running its singleton: the call to the proxy is already listed.
      if (f.from && f.to && f.input && f.type !== 'DELEGATECALL')
        out.push({ from: getAddress(f.from), to: getAddress(f.to), input: f.input as Hex })
      for (const c of f.calls ?? []) walk(c)
    }
    walk(root)
    return out
  }

  const execParams = (call: Call): SafeTxParams | undefined => {
    if (selectorOf(call.input) !== EXEC) return undefined
    try {
      const { args } = decodeFunctionData({ abi: safeAbi, data: call.input })
      const [to, value, data, operation, safeTxGas, baseGas, gasPrice, gasToken, refundReceiver, signatures] =
        args as readonly [Address, bigint, Hex, number, bigint, bigint, bigint, Address, Address, Hex]
      return {
        to: getAddress(to),
        value,
        data,
        operation: operation as SafeTx.Operation,
        safeTxGas,
        baseGas,
        gasPrice,
        gasToken: getAddress(gasToken),
        refundReceiver: getAddress(refundReceiver),
        signatures,
      }
    } catch {
      return undefined
    }
  }

  const matches = (row: MultisigRow, p: SafeTxParams) =>
    SafeTx.hash({ ...p, nonce: BigInt(row.nonce) }, { chainId, address: row.safe as Address }) ===
    row.safeTxHash

  const fill = (row: MultisigRow, p: SafeTxParams, source: ParamsSource) => {
    Object.assign(row, {
      to: p.to,
      value: p.value.toString(),
      data: p.data,
      operation: p.operation,
      safeTxGas: p.safeTxGas.toString(),
      baseGas: p.baseGas.toString(),
      gasPrice: p.gasPrice.toString(),
      gasToken: p.gasToken,
      refundReceiver: p.refundReceiver,
      signatures: p.signatures,
      paramsSource: source,
    } satisfies Partial<MultisigRow>)
  }

  /** Matches each row (in log order) with the first unused call to its Safe that hashes to it. */
  const fromCalls = (rows: MultisigRow[], calls: Call[], source: ParamsSource) => {
    const used = new Set<number>()
    for (const row of rows) {
      if (row.paramsSource) continue
      for (const [i, call] of calls.entries()) {
        if (used.has(i) || !same(call.to, row.safe)) continue
        const p = execParams(call)
        if (!p || !matches(row, p)) continue
        used.add(i)
        fill(row, p, source)
        break
      }
    }
  }

  const moduleFromCalls = (rows: ModuleRow[], calls: Call[]) => {
    const used = new Set<number>()
    for (const row of rows) {
      if (row.to !== null) continue
      const i = calls.findIndex(
        (c, i) =>
          !used.has(i) &&
          same(c.to, row.safe) &&
          same(c.from, row.module) &&
          MODULE_SELECTORS.has(selectorOf(c.input)),
      )
      const call = calls[i]
      if (!call) continue
      used.add(i)
      const { args } = decodeFunctionData({ abi: moduleAbi, data: call.input })
      const [to, value, data, operation] = args as readonly [Address, bigint, Hex, number]
      Object.assign(row, { to: getAddress(to), value: value.toString(), data, operation })
    }
  }

  return {
    tracing: () => tracing,
    async resolve(multisig, modules) {
      const open = multisig.filter((r) => !r.paramsSource)
      const openModules = modules.filter((r) => r.to === null)
      if (!open.length && !openModules.length) return 0
      const byTx = new Map<Hex, { multisig: MultisigRow[]; modules: ModuleRow[] }>()
      const group = (hash: string) => {
        const key = hash as Hex
        if (!byTx.has(key)) byTx.set(key, { multisig: [], modules: [] })
        return byTx.get(key) as { multisig: MultisigRow[]; modules: ModuleRow[] }
      }
      for (const r of open) group(r.txHash).multisig.push(r)
      for (const r of openModules) group(r.txHash).modules.push(r)

      await Promise.all(
        [...byTx].map(async ([hash, rows]) => {
          const top = await topCall(hash)
          fromCalls(rows.multisig, [top], 'calldata')
          const stillOpen = rows.multisig.filter((r) => !r.paramsSource)
          if (stillOpen.length && proposals) {
            const stored = await proposals(stillOpen.map((r) => r.safeTxHash as Hex))
            for (const row of stillOpen) {
              const p = stored.get(row.safeTxHash as Hex)
              if (p && matches(row, p)) fill(row, p, 'proposal')
            }
          }
          if (rows.multisig.some((r) => !r.paramsSource) || rows.modules.length) {
            const calls = await tracedCalls(hash)
            if (calls) {
              fromCalls(rows.multisig, calls, 'trace')
              moduleFromCalls(rows.modules, calls)
            }
          }
          // Whoever sent the transaction executed it, whichever contract relayed the call (as the
          // Transaction Service reports it).
          for (const row of rows.multisig) row.executor = top.from
        }),
      )
      return open.filter((r) => !r.paramsSource).length + openModules.filter((r) => r.to === null).length
    },
  }
}
