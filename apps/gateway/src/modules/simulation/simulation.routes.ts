// Dry-runs a Safe transaction against the chain node (one eth_call with state overrides, no third-party
// simulation service): success or the revert reason, the gas used and the Safe's balance changes.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import type { Address } from 'viem'
import { clientOf } from '../../http/clientBudget.ts'
import { requireSafe } from '../../http/require.ts'
import { ErrorSchema, errorResponses, jsonResponse as json, SafeParams } from '../../http/schemas.ts'
import { createWorkQueue, type WorkQueueSettings } from '../../http/workQueue.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import type { SimulationRepository } from './simulation.repository.ts'
import { SimulationRequestSchema, SimulationSchema } from './simulation.schemas.ts'
import { simulateSafeTransaction } from './simulation.service.ts'
import { tokenTargets } from './tokenTargets.ts'

const simulate = createRoute({
  method: 'post',
  path: '/v1/chains/{chainId}/safes/{safeAddress}/simulations',
  tags: ['simulations'],
  request: {
    params: SafeParams,
    body: { content: { 'application/json': { schema: SimulationRequestSchema } }, required: true },
  },
  responses: {
    200: json(SimulationSchema, 'What the transaction would do if the Safe executed it now'),
    ...errorResponses,
    503: json(ErrorSchema, 'The chain node is unavailable or cannot simulate'),
  },
})

/**
 * Simulations keep the chain node busy (an infinite loop runs to the gas limit): two at a time, twenty waiting,
 * two per client, so proposals and other reads never queue behind a flood of them at the node.
 */
export const SIMULATION_QUEUE: WorkQueueSettings = { concurrency: 2, maxQueued: 20, perClient: 2 }

export function createSimulationRoutes(deps: {
  chains: ChainsRepository
  safes: SafesRepository
  simulation: SimulationRepository
  rpc: RpcClients
  queue?: WorkQueueSettings
}) {
  const simulations = createWorkQueue('simulations', deps.queue ?? SIMULATION_QUEUE)
  return new OpenAPIHono().openapi(simulate, async (c) => {
    const { chainId, safeAddress } = c.req.valid('param')
    const tx = c.req.valid('json')
    const { chain, safe } = await requireSafe(deps, chainId, safeAddress)
    const spam = new Set(chain.spamTokens.map((a) => a.toLowerCase()))
    const targets = tokenTargets({ to: tx.to as Address, data: tx.data, operation: tx.operation })
    const tokens = (await deps.simulation.tokens(chain.chainId, safe.address, targets)).filter(
      // Tokens listed as spam are left out unless the transaction calls them.
      (t) => !spam.has(t.address.toLowerCase()) || targets.includes(t.address as Address),
    )
    const result = await simulations.run(clientOf(c.req.raw), () =>
      simulateSafeTransaction({
        client: deps.rpc.get(chain),
        chain,
        safe: safe.address as Address,
        tx,
        tokens,
      }),
    )
    return c.json(result, 200)
  })
}
