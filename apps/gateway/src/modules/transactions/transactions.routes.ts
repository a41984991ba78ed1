// Executed history of a Safe (cgw-api §5.3–§5.7) and transaction details (§6.1).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { zeroAddress } from 'viem'
import { HttpError, NotFoundError } from '../../http/errors.ts'
import { parseCursor, requestUrl, toPage } from '../../http/pagination.ts'
import { requireChain, requireSafe } from '../../http/require.ts'
import {
  AddressSchema,
  BoolQuery,
  ChainIdParam,
  CursorQuery,
  errorResponses,
  jsonResponse as json,
} from '../../http/schemas.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { DataDecoder } from '../dataDecoder/decodeData.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import { parseTransactionId } from './transactionIds.ts'
import type { TransactionsRepository, Transfer } from './transactions.repository.ts'
import {
  addressInfo,
  confirmations,
  creationSummary,
  type MapContext,
  moduleSummary,
  multisigSummary,
  tokensTouched,
  transferSummary,
  txData,
} from './txInfo.mapper.ts'

const safeParams = z.object({
  chainId: ChainIdParam,
  safeAddress: AddressSchema.openapi({ param: { name: 'safeAddress', in: 'path' } }),
})
const isoDate = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Invalid date')
  .transform((v) => Math.floor(Date.parse(v) / 1000))
const timezone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}, 'Invalid timezone')
const uintString = z.string().regex(/^\d{1,78}$/, 'Invalid value')

/** Filters the multisig and incoming-transfer lists share (`timezone` is sent by the SDK and ignored). */
const executionFilters = {
  execution_date__gte: isoDate.optional(),
  execution_date__lte: isoDate.optional(),
  to: AddressSchema.optional(),
  value: uintString.optional(),
  timezone: z.string().optional(),
}

/**
 * Mapping one transaction decodes its data up to three times (token lookup, txInfo, txData), and pages are
 * rebuilt with the same transactions: decoding is pure, so remember recent results (bounded).
 */
function memoizeDecoder(decoder: DataDecoder, size = 2000): DataDecoder {
  const cache = new Map<string, ReturnType<DataDecoder['decode']>>()
  return {
    decode(data, to) {
      const key = `${to ?? ''}:${data}`
      if (cache.has(key)) return cache.get(key) ?? null
      const decoded = decoder.decode(data, to)
      if (cache.size >= size) cache.delete(cache.keys().next().value as string)
      cache.set(key, decoded)
      return decoded
    },
  }
}

/** The multisig and incoming lists answer without `count`, as the Client Gateway does. */
const withoutCount = <T extends { count: number }>({ count: _, ...page }: T) => page

const ItemList = z.array(z.record(z.string(), z.unknown()))
const page = (name: string) =>
  z
    .object({
      count: z.number().int().optional(),
      next: z.string().nullable(),
      previous: z.string().nullable(),
      results: ItemList,
    })
    .openapi(name)

const routes = {
  history: createRoute({
    method: 'get',
    path: '/v1/chains/{chainId}/safes/{safeAddress}/transactions/history',
    tags: ['transactions'],
    request: {
      params: safeParams,
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
  queued: createRoute({
    method: 'get',
    path: '/v1/chains/{chainId}/safes/{safeAddress}/transactions/queued',
    tags: ['transactions'],
    request: {
      params: safeParams,
      query: CursorQuery.extend({ trusted: BoolQuery.optional(), timezone: z.string().optional() }),
    },
    responses: { 200: json(page('TransactionQueuePage'), 'Queued transactions'), ...errorResponses },
  }),
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
  details: createRoute({
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
  }),
}

/** Day key of a timestamp (ms) in the requested zone: IANA name, or a fixed offset in ms. */
function dayKey(timestampMs: number, tz: { timezone?: string; offsetMs: number }): string {
  if (tz.timezone)
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: tz.timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(timestampMs)
  return new Date(timestampMs + tz.offsetMs).toISOString().slice(0, 10)
}

export function createTransactionsRoutes(deps: {
  chains: ChainsRepository
  safes: SafesRepository
  transactions: TransactionsRepository
  decoder: DataDecoder
}) {
  const { chains, safes, transactions: repo } = deps
  const decoder = memoizeDecoder(deps.decoder)

  const requireIndexedSafe = async (chainId: string, address: string) => {
    const { chain, safe } = await requireSafe({ chains, safes }, chainId, address)
    return { chainId: chain.chainId, safe }
  }

  const context = async (chainId: number, safe: string, addresses: string[]): Promise<MapContext> => ({
    chainId,
    safe,
    decoder,
    tokens: await repo.tokens(chainId, addresses),
  })

  /** TransactionDetails around the list summary of the same transaction (so both always agree). */
  const toDetails = (
    safeAddress: string,
    summary: { id: string; timestamp: number; txStatus: string; txInfo: unknown; txHash: string },
    extra: { txData: unknown; detailedExecutionInfo: unknown } = {
      txData: null,
      detailedExecutionInfo: null,
    },
  ) => ({
    safeAddress,
    txId: summary.id,
    executedAt: summary.timestamp,
    txStatus: summary.txStatus,
    txInfo: summary.txInfo,
    ...extra,
    txHash: summary.txHash,
    safeAppInfo: null,
    note: null,
  })

  const calledAddresses = (calls: Parameters<typeof tokensTouched>[0][]) =>
    calls.flatMap((c) => tokensTouched(c, decoder))

  /** Transfers hidden by `trusted`: ERC20 of invalid tokens, and zero-value ERC20 (address poisoning). */
  const hiddenTransfer = (t: Transfer, ctx: MapContext, trusted: boolean) =>
    t.type === 'ERC20' &&
    (t.value === '0' || (trusted && (ctx.tokens.get(t.token as string)?.invalid ?? true)))

  // History pages are rebuilt only when the Safe's history changed: one indexed lookup per cached hit.
  const historyCache = new Map<string, { version: string; json: string }>()
  const HISTORY_CACHE_SIZE = 1000

  return new OpenAPIHono()
    .openapi(routes.history, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      const query = c.req.valid('query')
      const id = (await requireChain(chains, chainId)).chainId
      const cacheKey = requestUrl(c.req.raw).toString()
      // Every indexed Safe has a history (its creation), so an empty one means no Safe: answer 404 below.
      const version = await repo.historyVersion(id, safeAddress)
      const cached = historyCache.get(cacheKey)
      if (cached?.version === version)
        // Already serialised: a hit costs one indexed lookup and no JSON work.
        return c.body(cached.json, 200, { 'Content-Type': 'application/json' }) as never
      const { safe } = await requireIndexedSafe(chainId, safeAddress)
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
          if (tx) summary = moduleSummary(tx, ctx)
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
      historyCache.delete(cacheKey)
      if (historyCache.size >= HISTORY_CACHE_SIZE)
        historyCache.delete(historyCache.keys().next().value as string)
      historyCache.set(cacheKey, { version, json: JSON.stringify(body) })
      return c.json(body as never, 200)
    })
    .openapi(routes.queued, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      await requireIndexedSafe(chainId, safeAddress)
      // Proposals are not stored yet: the queue is empty.
      return c.json({ ...toPage(c.req.raw, parseCursor(c.req.valid('query').cursor), 0, []), count: 0 }, 200)
    })
    .openapi(routes.multisig, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      const q = c.req.valid('query')
      const { chainId: id, safe } = await requireIndexedSafe(chainId, safeAddress)
      const pageParams = parseCursor(q.cursor)
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
      const { chainId: id, safe } = await requireIndexedSafe(chainId, safeAddress)
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
      const { chainId: id, safe } = await requireIndexedSafe(chainId, safeAddress)
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
    .openapi(routes.details, async (c) => {
      const { chainId, transactionId } = c.req.valid('param')
      const parsed = parseTransactionId(transactionId)
      if (!parsed) throw new HttpError(400, 'Invalid transaction ID')
      const id = (await requireChain(chains, chainId)).chainId

      if (parsed.kind === 'multisig') {
        const tx = await repo.multisigByHash(id, parsed.safeTxHash)
        if (!tx || (parsed.safe && parsed.safe !== tx.safe)) throw new NotFoundError('Transaction not found')
        const ctx = await context(id, tx.safe, [
          ...calledAddresses([tx]),
          ...(tx.gasToken ? [tx.gasToken] : []),
        ])
        const summary = multisigSummary(tx, ctx)
        return c.json(
          toDetails(tx.safe, summary, {
            txData: txData(tx, ctx),
            detailedExecutionInfo: {
              type: 'MULTISIG',
              submittedAt: summary.timestamp,
              nonce: tx.nonce,
              // Unknown parameters (a non-L2 execution no source explained) read as the defaults.
              safeTxGas: tx.safeTxGas ?? '0',
              baseGas: tx.baseGas ?? '0',
              gasPrice: tx.gasPrice ?? '0',
              gasToken: tx.gasToken ?? zeroAddress,
              fee: '0',
              payment: '0',
              refundReceiver: addressInfo(tx.refundReceiver ?? zeroAddress),
              safeTxHash: tx.safeTxHash,
              executor: tx.executor ? addressInfo(tx.executor) : null,
              // The owners when it executed, not today's.
              signers: tx.owners.map((o) => addressInfo(o)),
              confirmationsRequired: tx.threshold,
              confirmations: await confirmations(tx),
              rejectors: [],
              gasTokenInfo: null,
              trusted: true,
              proposer: null,
              proposedByDelegate: null,
            },
          }),
          200,
        )
      }

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
