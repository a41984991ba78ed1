// A Safe's queue (the Client Gateway's …/transactions/queued): its proposals not executed yet at or above its
// nonce, grouped by nonce with `Next` / `Queued` labels and conflict headers.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { parseCursor, toPage } from '../../http/pagination.ts'
import { requireSafe } from '../../http/require.ts'
import {
  BoolQuery,
  CursorQuery,
  errorResponses,
  jsonResponse as json,
  SafeParams,
} from '../../http/schemas.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import type { ProposalsRepository } from './proposals.repository.ts'
import { proposalSummary, queueItems } from './queue.mapper.ts'
import type { MapContexts } from './transactions.context.ts'
import { page } from './transactions.schemas.ts'

const queued = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/safes/{safeAddress}/transactions/queued',
  tags: ['transactions'],
  request: {
    params: SafeParams,
    query: CursorQuery.extend({ trusted: BoolQuery.optional(), timezone: z.string().optional() }),
  },
  responses: { 200: json(page('TransactionQueuePage'), 'Queued transactions'), ...errorResponses },
})

export function createTransactionQueueRoutes(deps: {
  chains: ChainsRepository
  safes: SafesRepository
  proposals: ProposalsRepository
  mapContexts: MapContexts
}) {
  const { proposals } = deps
  const { context, calledAddresses } = deps.mapContexts

  return new OpenAPIHono().openapi(queued, async (c) => {
    const { chainId, safeAddress } = c.req.valid('param')
    const query = c.req.valid('query')
    const { chain, safe } = await requireSafe(deps, chainId, safeAddress)
    const pageParams = parseCursor(query.cursor)
    // One transaction either side of the page tells whether its first and last nonce groups go on.
    const skipped = pageParams.offset > 0 ? 1 : 0
    const { rows, count } = await proposals.queuePage(chain.chainId, safe.address, {
      fromNonce: safe.nonce,
      trusted: query.trusted ?? true,
      limit: pageParams.limit + skipped + 1,
      offset: pageParams.offset - skipped,
    })
    const pageRows = rows.slice(skipped, skipped + pageParams.limit)
    const [confirmations, ctx] = await Promise.all([
      proposals.confirmationsOf(
        chain.chainId,
        pageRows.map((p) => p.safeTxHash),
      ),
      context(chain.chainId, safe.address, calledAddresses(pageRows)),
    ])
    const items = queueItems(
      pageRows.map((p) => ({
        nonce: p.nonce,
        summary: proposalSummary(p, confirmations.get(p.safeTxHash) ?? [], ctx, safe),
      })),
      {
        beforeNonce: skipped ? rows[0]?.nonce : undefined,
        afterNonce: rows[skipped + pageParams.limit]?.nonce,
      },
      safe.nonce,
    )
    // `count` is the number of items on this page, labels and headers included (as the Client Gateway does).
    return c.json({ ...toPage(c.req.raw, pageParams, count, items), count: items.length }, 200)
  })
}
