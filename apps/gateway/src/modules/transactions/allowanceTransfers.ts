// Who made a transfer within a spending limit: a module execution by the AllowanceModule is the Safe's side of
// executeAllowanceTransfer, and only the module's own ExecuteAllowanceTransfer event (in the same receipt) names the
// beneficiary (the delegate). The index keeps the Safe's events only, so the receipt is read when a history page
// shows such an execution; mined receipts do not change, so each is read once (bounded cache).
import { allowanceModuleAbi } from '@concord/safe/allowanceModule'
import { allowanceModuleDeployments, registryAllowanceModule } from '@concord/safe/modules'
import { type Address, type Hash, isAddressEqual, parseEventLogs, zeroAddress } from 'viem'
import type { ChainConfig } from '../../config/chainConfig.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import type { ModuleTx } from './transactions.repository.ts'

export type AllowanceTransfer = { beneficiary: Address; token: Address; to: Address; value: string }
type LoggedTransfer = AllowanceTransfer & { safe: Address }

const CACHE_SIZE = 5_000

export const isAllowanceModule = (chain: ChainConfig, module: string): boolean =>
  [
    ...Object.values(allowanceModuleDeployments),
    registryAllowanceModule(chain.chainId),
    chain.contracts.allowanceModule,
  ].some((a) => !!a && isAddressEqual(a as `0x${string}`, module as `0x${string}`))

export const allowanceKey = (tx: Pick<ModuleTx, 'txHash' | 'logIndex'>) => `${tx.txHash}:${tx.logIndex}`

export function createAllowanceTransfers(rpc: RpcClients) {
  const cache = new Map<string, LoggedTransfer[]>()

  async function eventsOf(chain: ChainConfig, txHash: string, module: string): Promise<LoggedTransfer[]> {
    const key = `${chain.chainId}:${txHash}`
    const hit = cache.get(key)
    if (hit) return hit
    const receipt = await rpc.get(chain).getTransactionReceipt({ hash: txHash as Hash })
    const events = parseEventLogs({
      abi: allowanceModuleAbi,
      eventName: 'ExecuteAllowanceTransfer',
      logs: receipt.logs.filter((log) => isAddressEqual(log.address, module as `0x${string}`)),
    }).map((e) => ({
      safe: e.args.safe,
      beneficiary: e.args.delegate,
      token: e.args.token,
      to: e.args.to,
      value: e.args.value.toString(),
    }))
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string)
    cache.set(key, events)
    return events
  }

  return {
    /**
     * The spending-limit transfer behind each of these module executions that has one, by allowanceKey. The
     * Safe's call is matched to the event: a native transfer calls the recipient with the value, a token transfer
     * calls the token. A receipt that cannot be read leaves its executions out (the history still answers).
     */
    async of(chain: ChainConfig, txs: readonly ModuleTx[]): Promise<Map<string, AllowanceTransfer>> {
      const found = new Map<string, AllowanceTransfer>()
      await Promise.all(
        txs
          .filter((tx) => isAllowanceModule(chain, tx.module))
          .map(async (tx) => {
            const events = await eventsOf(chain, tx.txHash, tx.module).catch((): LoggedTransfer[] => [])
            const ours = events.filter((e) => isAddressEqual(e.safe, tx.safe as `0x${string}`))
            const match =
              ours.find((e) =>
                e.token === zeroAddress
                  ? !!tx.to && isAddressEqual(e.to, tx.to as `0x${string}`) && e.value === String(tx.value)
                  : !!tx.to && isAddressEqual(e.token, tx.to as `0x${string}`),
              ) ?? (ours.length === 1 ? ours[0] : undefined)
            if (match) {
              const { safe: _, ...transfer } = match
              found.set(allowanceKey(tx), transfer)
            }
          }),
      )
      return found
    },
  }
}

export type AllowanceTransfers = ReturnType<typeof createAllowanceTransfers>
