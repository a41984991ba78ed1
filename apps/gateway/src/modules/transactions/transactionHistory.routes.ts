// Executed history of a Safe with date labels (the Client Gateway's …/transactions/history).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { parseCursor, requestUrl, toPage } from '../../http/pagination.ts'
import { requireChain, requireSafeOrWatched } from '../../http/require.ts'
import {
  BoolQuery,
  CursorQuery,
  errorResponses,
  jsonResponse as json,
  SafeParams,
} from '../../http/schemas.ts'
import type { WatchedSafesRepository } from '../safes/watchedSafes.repository.ts'
import { type AllowanceTransfers, allowanceKey } from './allowanceTransfers.ts'
import { dayKey } from './dayGrouping.mapper.ts'
import { createPageCache } from './pageCache.ts'
import type { RecoveryExecutions } from './recoveryExecutions.ts'
import type { IndexedTxDeps } from './transactions.context.ts'
import { page, timezone } from './transactions.schemas.ts'
import {
  creationSummary,
  hiddenTransfer,
  moduleSummary,
  multisigSummary,
  transferSummary,
} from './txSummary.mapper.ts'

const routes = {
  history: createRoute({
    method: 'get',
    path: '/v1/chains/{chainId}/safes/{safeAddress}/transactions/history',
    tags: ['transactions'],
    request: {
      params: SafeParams,
      query: CursorQuery.extend({
        timezone: timezone.optional(),
        // Milliseconds east of UTC; real offsets lie within ±14 h, anything beyond a day is a mistake.
        timezone_offset: z
          .string()
          .regex(/^-?\d{1,8}$/, 'Invalid timezone offset')
          .refine((v) => Math.abs(Number(v)) <= 86_400_000, 'Invalid timezone offset (at most ±86400000 ms)')
          .optional(),
        trusted: BoolQuery.optional(),
        imitation: BoolQuery.optional(),
      }),
    },
    responses: {
      200: json(page('TransactionHistoryPage'), 'Executed transactions with date labels'),
      ...errorResponses,
    },
  }),
}

export function createTransactionHistoryRoutes(
  deps: IndexedTxDeps & {
    watched: WatchedSafesRepository
    allowanceTransfers: AllowanceTransfers
    recoveryExecutions: RecoveryExecutions
  },
) {
  const { chains, safes, transactions: repo } = deps
  const { context, calledAddresses } = deps.mapContexts

  // History pages are rebuilt only when the Safe's history changed: one indexed lookup per cached hit.
  const historyCache = createPageCache()

  return new OpenAPIHono().openapi(routes.history, async (c) => {
    const { chainId, safeAddress } = c.req.valid('param')
    const query = c.req.valid('query')
    const chain = await requireChain(chains, chainId)
    const id = chain.chainId
    const cacheKey = requestUrl(c.req.raw).toString()
    // Every indexed Safe has a history (its creation), so an empty one means no Safe: answer 404 below.
    const version = await repo.historyVersion(id, safeAddress)
    const cached = historyCache.get(cacheKey, version)
    if (cached !== undefined)
      // Already serialised: a hit costs one indexed lookup and no JSON work.
      return c.body(cached, 200, { 'Content-Type': 'application/json' }) as never
    const { safe } = await requireSafeOrWatched(
      { chains, safes, watched: deps.watched },
      chainId,
      safeAddress,
    )
    // Watched, not read yet: nothing indexed so far (GET …/indexing says how far the read is).
    if (!safe) return c.json({ count: 0, next: null, previous: null, results: [] }, 200)
    const pageParams = parseCursor(query.cursor)
    // One item before the page tells whether its first day continues from the previous page.
    const from = Math.max(pageParams.offset - 1, 0)
    const extra = pageParams.offset > 0 ? 1 : 0
    const data = await repo.historyPage(id, safe.address, pageParams.limit + extra, from)
    const ctx = await context(id, safe.address, [
      ...[...data.transfers.values()].flatMap((t) => (t.token ? [t.token] : [])),
      ...calledAddresses([...data.multisig.values(), ...data.modules.values()]),
    ])
    const trusted = query.trusted ?? true
    // Transfers within a spending limit name their beneficiary (read from the module's event in the receipt).
    // and executions by a Delay modifier are recoveries.
    const [allowances, delays] = await Promise.all([
      deps.allowanceTransfers.of(chain, [...data.modules.values()]),
      deps.recoveryExecutions.modulesOf(chain, [...data.modules.values()]),
    ])
    const creation = data.items.some((i) => i.kind === 'creation')
      ? await repo.creation(id, safe.address)
      : undefined
    const tz = { timezone: query.timezone, offsetMs: Number(query.timezone_offset ?? 0) }

    const results: Record<string, unknown>[] = []
    let lastDay = extra && data.items[0] ? dayKey(data.items[0].timestamp * 1000, tz) : undefined
    for (const [i, item] of data.items.entries()) {
      if (i < extra) continue
      const key = repo.keyOf(item)
      let summary: Record<string, unknown> | undefined
      if (item.kind === 'multisig') {
        const tx = data.multisig.get(key)
        if (tx) summary = multisigSummary(tx, ctx)
      } else if (item.kind === 'module') {
        const tx = data.modules.get(key)
        if (tx) summary = moduleSummary(tx, ctx, allowances.get(allowanceKey(tx)), delays.has(tx.module))
      } else if (item.kind === 'transfer') {
        const t = data.transfers.get(key)
        if (t && !hiddenTransfer(t, ctx, trusted)) summary = transferSummary(t, ctx)
      } else if (creation) summary = creationSummary(safe.address, creation)
      if (!summary) continue
      const day = dayKey(item.timestamp * 1000, tz)
      if (day !== lastDay) results.push({ type: 'DATE_LABEL', timestamp: item.timestamp * 1000 })
      lastDay = day
      results.push({ type: 'TRANSACTION', transaction: summary, conflictType: 'None' })
    }
    const body = toPage(c.req.raw, pageParams, data.count, results)
    const json = JSON.stringify(body)
    historyCache.set(cacheKey, { version, json })
    return c.body(json, 200, { 'Content-Type': 'application/json' }) as never
  })
}
