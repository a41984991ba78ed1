// The multisig, module and incoming-transfer lists of a Safe (the Client Gateway's …/multisig-transactions,
// …/module-transactions and …/incoming-transfers routes).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { parseCursor, toPage } from '../../http/pagination.ts'
import { requireSafe } from '../../http/require.ts'
import {
  AddressSchema,
  BoolQuery,
  CursorQuery,
  errorResponses,
  jsonResponse as json,
  SafeParams,
} from '../../http/schemas.ts'
import type { ProposalsRepository } from './proposals.repository.ts'
import { proposalSummary } from './queue.mapper.ts'
import type { IndexedTxDeps } from './transactions.context.ts'
import { executionFilters, page } from './transactions.schemas.ts'
import { hiddenTransfer, moduleSummary, multisigSummary, transferSummary } from './txSummary.mapper.ts'

/** The multisig and incoming lists answer without `count`, as the Client Gateway does. */
const withoutCount = <T extends { count: number }>({ count: _, ...page }: T) => page

/** GET /v1/chains/{chainId}/safes/{safeAddress}/`path`: a page of list items (`pageName` in the OpenAPI document). */
const listRoute = <Q extends z.ZodRawShape>(path: string, query: Q, pageName: string, description: string) =>
  createRoute({
    method: 'get',
    path: `/v1/chains/{chainId}/safes/{safeAddress}/${path}`,
    tags: ['transactions'],
    request: { params: SafeParams, query: CursorQuery.extend(query) },
    responses: { 200: json(page(pageName), description), ...errorResponses },
  })

const routes = {
  multisig: listRoute(
    'multisig-transactions',
    {
      ...executionFilters,
      nonce: z
        .string()
        .regex(/^\d{1,15}$/, 'Invalid nonce')
        .transform(Number)
        .optional(),
      executed: BoolQuery.optional(),
    },
    'MultisigTransactionPage',
    'Multisig transactions, newest nonce first',
  ),
  module: listRoute(
    'module-transactions',
    {
      to: AddressSchema.optional(),
      module: AddressSchema.optional(),
      transaction_hash: z
        .string()
        .regex(/^0x[0-9a-fA-F]{64}$/, 'Invalid transaction hash')
        .optional(),
      timezone: z.string().optional(),
    },
    'ModuleTransactionPage',
    'Module transactions, newest first',
  ),
  incoming: listRoute(
    'incoming-transfers',
    { ...executionFilters, token_address: AddressSchema.optional(), trusted: BoolQuery.optional() },
    'IncomingTransferPage',
    'Transfers into the Safe, newest first',
  ),
}

/** Rows as the Client Gateway lists them: each summary wrapped as a TRANSACTION item. */
const listItems = <T>(rows: readonly T[], summary: (row: T) => unknown) =>
  rows.map((row) => ({ type: 'TRANSACTION', transaction: summary(row), conflictType: 'None' }))

export function createTransactionListsRoutes(deps: IndexedTxDeps & { proposals: ProposalsRepository }) {
  const { chains, safes, transactions: repo } = deps
  const { context, calledAddresses } = deps.mapContexts
  /** The listed Safe (404 unless indexed), its chain's id and the page the cursor asks for. */
  const listOf = async (params: { chainId: string; safeAddress: string }, cursor: string | undefined) => {
    const { chain, safe } = await requireSafe({ chains, safes }, params.chainId, params.safeAddress)
    return { id: chain.chainId, safe, pageParams: parseCursor(cursor) }
  }

  return new OpenAPIHono()
    .openapi(routes.multisig, async (c) => {
      const q = c.req.valid('query')
      const { id, safe, pageParams } = await listOf(c.req.valid('param'), q.cursor)
      if (q.executed === false) {
        // Not executed: the queue (proposals at or above the Safe's nonce), newest nonce first.
        const queue = await deps.proposals.queuePage(id, safe.address, {
          fromNonce: safe.nonce,
          trusted: true,
          limit: pageParams.limit,
          offset: pageParams.offset,
          filters: { nonce: q.nonce, to: q.to, value: q.value },
          descending: true,
        })
        const [confs, qctx] = await Promise.all([
          deps.proposals.confirmationsOf(
            id,
            queue.rows.map((p) => p.safeTxHash),
          ),
          context(id, safe.address, calledAddresses(queue.rows)),
        ])
        const results = listItems(queue.rows, (p) =>
          proposalSummary(p, confs.get(p.safeTxHash) ?? [], qctx, safe),
        )
        return c.json(withoutCount(toPage(c.req.raw, pageParams, queue.count, results)), 200)
      }
      const { rows, count } = await repo.multisigPage(
        id,
        safe.address,
        {
          to: q.to,
          value: q.value,
          nonce: q.nonce,
          executed: q.executed,
          executedAfter: q.execution_date__gte,
          executedBefore: q.execution_date__lte,
        },
        pageParams,
      )
      const ctx = await context(id, safe.address, calledAddresses(rows))
      const results = listItems(rows, (tx) => multisigSummary(tx, ctx))
      return c.json(withoutCount(toPage(c.req.raw, pageParams, count, results)), 200)
    })
    .openapi(routes.module, async (c) => {
      const q = c.req.valid('query')
      const { id, safe, pageParams } = await listOf(c.req.valid('param'), q.cursor)
      const { rows, count } = await repo.modulePage(
        id,
        safe.address,
        { to: q.to, module: q.module, txHash: q.transaction_hash },
        pageParams,
      )
      const ctx = await context(id, safe.address, calledAddresses(rows))
      const results = listItems(rows, (tx) => moduleSummary(tx, ctx))
      return c.json(toPage(c.req.raw, pageParams, count, results), 200)
    })
    .openapi(routes.incoming, async (c) => {
      const q = c.req.valid('query')
      const { id, safe, pageParams } = await listOf(c.req.valid('param'), q.cursor)
      const { rows, count } = await repo.incomingPage(
        id,
        safe.address,
        {
          to: q.to,
          value: q.value,
          tokenAddress: q.token_address,
          executedAfter: q.execution_date__gte,
          executedBefore: q.execution_date__lte,
        },
        pageParams,
      )
      const ctx = await context(
        id,
        safe.address,
        rows.flatMap((t) => (t.token ? [t.token] : [])),
      )
      const trusted = q.trusted ?? true
      const results = listItems(
        rows.filter((t) => !hiddenTransfer(t, ctx, trusted)),
        (t) => transferSummary(t, ctx),
      )
      return c.json(withoutCount(toPage(c.req.raw, pageParams, count, results)), 200)
    })
}
