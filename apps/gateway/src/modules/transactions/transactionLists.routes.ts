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
} from '../../http/schemas.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import type { ProposalsRepository } from './proposals.repository.ts'
import { proposalSummary } from './queue.mapper.ts'
import type { MapContexts } from './transactions.context.ts'
import type { TransactionsRepository } from './transactions.repository.ts'
import { executionFilters, page, safeParams } from './transactions.schemas.ts'
import { hiddenTransfer, moduleSummary, multisigSummary, transferSummary } from './txSummary.mapper.ts'

/** The multisig and incoming lists answer without `count`, as the Client Gateway does. */
const withoutCount = <T extends { count: number }>({ count: _, ...page }: T) => page

const routes = {
  multisig: createRoute({
    method: 'get',
    path: '/v1/chains/{chainId}/safes/{safeAddress}/multisig-transactions',
    tags: ['transactions'],
    request: {
      params: safeParams,
      query: CursorQuery.extend({
        ...executionFilters,
        nonce: z
          .string()
          .regex(/^\d{1,15}$/, 'Invalid nonce')
          .transform(Number)
          .optional(),
        executed: BoolQuery.optional(),
      }),
    },
    responses: {
      200: json(page('MultisigTransactionPage'), 'Multisig transactions, newest nonce first'),
      ...errorResponses,
    },
  }),
  module: createRoute({
    method: 'get',
    path: '/v1/chains/{chainId}/safes/{safeAddress}/module-transactions',
    tags: ['transactions'],
    request: {
      params: safeParams,
      query: CursorQuery.extend({
        to: AddressSchema.optional(),
        module: AddressSchema.optional(),
        transaction_hash: z
          .string()
          .regex(/^0x[0-9a-fA-F]{64}$/, 'Invalid transaction hash')
          .optional(),
        timezone: z.string().optional(),
      }),
    },
    responses: {
      200: json(page('ModuleTransactionPage'), 'Module transactions, newest first'),
      ...errorResponses,
    },
  }),
  incoming: createRoute({
    method: 'get',
    path: '/v1/chains/{chainId}/safes/{safeAddress}/incoming-transfers',
    tags: ['transactions'],
    request: {
      params: safeParams,
      query: CursorQuery.extend({
        ...executionFilters,
        token_address: AddressSchema.optional(),
        trusted: BoolQuery.optional(),
      }),
    },
    responses: {
      200: json(page('IncomingTransferPage'), 'Transfers into the Safe, newest first'),
      ...errorResponses,
    },
  }),
}

export function createTransactionListsRoutes(deps: {
  chains: ChainsRepository
  safes: SafesRepository
  transactions: TransactionsRepository
  proposals: ProposalsRepository
  mapContexts: MapContexts
}) {
  const { chains, safes, transactions: repo } = deps
  const { context, calledAddresses } = deps.mapContexts

  return new OpenAPIHono()
    .openapi(routes.multisig, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      const q = c.req.valid('query')
      const { chain, safe } = await requireSafe({ chains, safes }, chainId, safeAddress)
      const id = chain.chainId
      const pageParams = parseCursor(q.cursor)
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
        const results = queue.rows.map((p) => ({
          type: 'TRANSACTION',
          transaction: proposalSummary(p, confs.get(p.safeTxHash) ?? [], qctx, safe),
          conflictType: 'None',
        }))
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
        pageParams.limit,
        pageParams.offset,
      )
      const ctx = await context(id, safe.address, calledAddresses(rows))
      const results = rows.map((tx) => ({
        type: 'TRANSACTION',
        transaction: multisigSummary(tx, ctx),
        conflictType: 'None',
      }))
      return c.json(withoutCount(toPage(c.req.raw, pageParams, count, results)), 200)
    })
    .openapi(routes.module, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      const q = c.req.valid('query')
      const { chain, safe } = await requireSafe({ chains, safes }, chainId, safeAddress)
      const id = chain.chainId
      const pageParams = parseCursor(q.cursor)
      const { rows, count } = await repo.modulePage(
        id,
        safe.address,
        { to: q.to, module: q.module, txHash: q.transaction_hash },
        pageParams.limit,
        pageParams.offset,
      )
      const ctx = await context(id, safe.address, calledAddresses(rows))
      const results = rows.map((tx) => ({
        type: 'TRANSACTION',
        transaction: moduleSummary(tx, ctx),
        conflictType: 'None',
      }))
      return c.json(toPage(c.req.raw, pageParams, count, results), 200)
    })
    .openapi(routes.incoming, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      const q = c.req.valid('query')
      const { chain, safe } = await requireSafe({ chains, safes }, chainId, safeAddress)
      const id = chain.chainId
      const pageParams = parseCursor(q.cursor)
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
        pageParams.limit,
        pageParams.offset,
      )
      const ctx = await context(
        id,
        safe.address,
        rows.flatMap((t) => (t.token ? [t.token] : [])),
      )
      const trusted = q.trusted ?? true
      const results = rows
        .filter((t) => !hiddenTransfer(t, ctx, trusted))
        .map((t) => ({
          type: 'TRANSACTION',
          transaction: transferSummary(t, ctx),
          conflictType: 'None',
        }))
      return c.json(withoutCount(toPage(c.req.raw, pageParams, count, results)), 200)
    })
}
