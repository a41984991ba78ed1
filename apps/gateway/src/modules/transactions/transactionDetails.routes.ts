// Transaction details (the Client Gateway's GET /v1/chains/{chainId}/transactions/{transactionId}): a multisig or
// module execution, a transfer, or the Safe's creation.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { HttpError, NotFoundError } from '../../http/errors.ts'
import { requireChain } from '../../http/require.ts'
import { ChainIdParam, errorResponses, jsonResponse as json } from '../../http/schemas.ts'
import type { MultisigDetails } from './multisigDetails.ts'
import { parseTransactionId } from './transactionIds.ts'
import type { IndexedTxDeps } from './transactions.context.ts'
import { toDetails, txData } from './txDetails.mapper.ts'
import { addressInfo } from './txInfo.mapper.ts'
import { creationSummary, moduleSummary, transferSummary } from './txSummary.mapper.ts'

const getTransactionDetails = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/transactions/{transactionId}',
  tags: ['transactions'],
  request: {
    params: z.object({
      chainId: ChainIdParam,
      transactionId: z.string().openapi({ param: { name: 'transactionId', in: 'path' } }),
    }),
  },
  responses: {
    200: json(z.record(z.string(), z.unknown()).openapi('TransactionDetails'), 'Transaction details'),
    400: errorResponses[422],
    ...errorResponses,
  },
})

export function createTransactionDetailsRoutes(deps: IndexedTxDeps & { multisigDetails: MultisigDetails }) {
  const { chains, safes, transactions: repo } = deps
  const { context, calledAddresses } = deps.mapContexts

  return new OpenAPIHono().openapi(getTransactionDetails, async (c) => {
    const { chainId, transactionId } = c.req.valid('param')
    const parsed = parseTransactionId(transactionId)
    if (!parsed) throw new HttpError(400, 'Invalid transaction ID')
    const id = (await requireChain(chains, chainId)).chainId

    if (parsed.kind === 'multisig')
      return c.json(await deps.multisigDetails(id, parsed.safeTxHash, parsed.safe), 200)

    const safe = await safes.get(id, parsed.safe)
    if (!safe) throw new NotFoundError(`No Safe at ${parsed.safe} on chain ${chainId}`)
    if (parsed.kind === 'module') {
      const tx = await repo.moduleAt(id, safe.address, parsed.txHash, parsed.logIndex)
      if (!tx) throw new NotFoundError('Transaction not found')
      const ctx = await context(id, safe.address, calledAddresses([tx]))
      return c.json(
        toDetails(safe.address, moduleSummary(tx, ctx), {
          txData: txData(tx, ctx),
          detailedExecutionInfo: { type: 'MODULE', address: addressInfo(tx.module) },
        }),
        200,
      )
    }
    if (parsed.kind === 'transfer') {
      const t = await repo.transferAt(id, safe.address, parsed.txHash, parsed.logIndex)
      if (!t) throw new NotFoundError('Transaction not found')
      const ctx = await context(id, safe.address, t.token ? [t.token] : [])
      return c.json(toDetails(safe.address, transferSummary(t, ctx)), 200)
    }
    const creation = await repo.creation(id, safe.address)
    if (!creation) throw new NotFoundError('Transaction not found')
    return c.json(toDetails(safe.address, creationSummary(safe.address, creation)), 200)
  })
}
