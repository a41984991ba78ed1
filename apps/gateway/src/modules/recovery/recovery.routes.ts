// GET /v1/chains/{chainId}/safes/{safeAddress}/recovery: the Safe's recovery setup (Zodiac Delay modifiers
// enabled on it, their recoverers and windows) and the recoveries queued on them, read from the chain's head
// (readRecovery.ts). The Client Gateway has no such route (Safe{Wallet} reads the Delay from the chain itself).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import {
  type Address,
  type BaseError,
  ContractFunctionExecutionError,
  HttpRequestError,
  TimeoutError,
} from 'viem'
import { NotFoundError } from '../../http/errors.ts'
import { requireSafe } from '../../http/require.ts'
import { errorResponses, jsonResponse as json, SafeParams } from '../../http/schemas.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import { readRecovery } from './readRecovery.ts'

const QueuedRecoverySchema = z
  .object({
    queueNonce: z.number().int(),
    txHash: z.string(),
    to: z.string(),
    value: z.string(),
    data: z.string(),
    operation: z.number().int(),
    createdAt: z.number().int().openapi({ description: 'Unix seconds' }),
    executableAt: z.number().int().openapi({ description: 'Unix seconds from which anyone may execute it' }),
    expiresAt: z.number().int().nullable().openapi({ description: 'Unix seconds; null: never expires' }),
    newOwners: z.array(z.string()).nullable(),
    newThreshold: z.number().int().nullable(),
    next: z.boolean().openapi({ description: 'The one executeNextTx runs next' }),
  })
  .openapi('QueuedRecovery')

const SafeRecoverySchema = z
  .object({
    now: z.number().int().openapi({ description: "The head block's timestamp (Unix seconds)" }),
    delays: z.array(
      z
        .object({
          address: z.string(),
          recoverers: z.array(z.string()),
          cooldown: z.number().int().openapi({ description: 'Seconds' }),
          expiration: z.number().int().openapi({ description: 'Seconds; 0: no expiry' }),
          txNonce: z.number().int(),
          queueNonce: z.number().int(),
          queue: z.array(QueuedRecoverySchema),
        })
        .openapi('DelayRecovery'),
    ),
  })
  .openapi('SafeRecovery')

const getRecovery = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/safes/{safeAddress}/recovery',
  tags: ['safes'],
  request: { params: SafeParams },
  responses: {
    200: json(SafeRecoverySchema, 'Recovery modules of the Safe and the recoveries queued on them'),
    ...errorResponses,
  },
})

export function createRecoveryRoutes(deps: {
  chains: ChainsRepository
  safes: SafesRepository
  rpc: RpcClients
}) {
  return new OpenAPIHono().openapi(getRecovery, async (c) => {
    const { chainId, safeAddress } = c.req.valid('param')
    const { chain } = await requireSafe(deps, chainId, safeAddress)
    try {
      return c.json(await readRecovery(deps.rpc.get(chain), safeAddress as Address), 200)
    } catch (error) {
      // A contract that answers what no Safe would is not a Safe now (the node's own trouble stays a 503).
      if (error instanceof ContractFunctionExecutionError && !nodeTrouble(error))
        throw new NotFoundError(`${safeAddress} does not answer as a Safe on chain ${chainId}`)
      throw error
    }
  })
}

const nodeTrouble = (error: BaseError) =>
  !!error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError)
