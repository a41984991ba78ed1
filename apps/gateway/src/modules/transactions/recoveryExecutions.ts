// Which module executions are recoveries: those made by a Zodiac Delay modifier (the Safe's recovery, see the
// recovery module), recognised by the module's runtime code, the canonical mastercopy's minimal proxy. Read once
// per module address (a minimal proxy's code does not change); a read that fails leaves the label out this time.
import { isDelayProxyCode } from '@concord/safe/recovery'
import type { Address } from 'viem'
import type { ChainConfig } from '../../config/chainConfig.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import type { ModuleTx } from './transactions.repository.ts'

const CACHE_SIZE = 5_000

export function createRecoveryExecutions(rpc: RpcClients) {
  const isDelay = new Map<string, boolean>()
  return {
    /** The modules among these executions' that are Delay modifiers. */
    async modulesOf(chain: ChainConfig, txs: readonly Pick<ModuleTx, 'module'>[]): Promise<Set<string>> {
      const modules = [...new Set(txs.map((tx) => tx.module))]
      await Promise.all(
        modules
          .filter((m) => !isDelay.has(`${chain.chainId}:${m}`))
          .map(async (m) => {
            const code = await rpc
              .get(chain)
              .getCode({ address: m as Address })
              .catch(() => null)
            if (code === null) return
            if (isDelay.size >= CACHE_SIZE) isDelay.delete(isDelay.keys().next().value as string)
            isDelay.set(`${chain.chainId}:${m}`, isDelayProxyCode(code))
          }),
      )
      return new Set(modules.filter((m) => isDelay.get(`${chain.chainId}:${m}`)))
    },
  }
}

export type RecoveryExecutions = ReturnType<typeof createRecoveryExecutions>
