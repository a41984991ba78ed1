// History export as CSV (#7), streamed page by page from the index: anyone may export a Safe's public history;
// a signed-in owner's export also carries the team's notes.

import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import type { Address } from 'viem'
import { clientOf } from '../../http/clientBudget.ts'
import { AuthError } from '../../http/errors.ts'
import { requireSafe } from '../../http/require.ts'
import { requireSignedInOwner } from '../../http/requireSignedIn.ts'
import { errorResponses, SafeParams } from '../../http/schemas.ts'
import { createWorkQueue } from '../../http/workQueue.ts'
import { log } from '../../log/logger.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import type { AuthRepository } from '../auth/auth.repository.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { NotesRepository } from '../notes/notes.repository.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import type { TransactionsRepository } from '../transactions/transactions.repository.ts'
import { CSV_HEADER, csvLine, type ExportContext, historyRow } from './historyCsv.ts'

const logger = log.child({ module: 'export' })

/** Items read per page, and at most per export (older ones are left out, and the last line says so). */
const PAGE = 200
export const MAX_EXPORT_ITEMS = 1_000_000
/**
 * Exports open at once per process and per client (429 / 503 past them), and pages read at once for all of
 * them: a long history streams page by page (memory: one page per open export), and however many exports are
 * open, they load the database like two readers.
 */
export const EXPORT_LIMITS = { open: 32, perClient: 2, pageReaders: 2 }

const exportRoute = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/safes/{safeAddress}/transactions/export',
  tags: ['transactions'],
  request: {
    params: SafeParams,
    query: z.object({ format: z.enum(['csv']).default('csv') }),
  },
  responses: {
    200: {
      description: 'The executed history, newest first',
      content: { 'text/csv': { schema: z.string() } },
    },
    ...errorResponses,
  },
})

export function createExportRoutes(deps: {
  auth: AuthRepository
  chains: ChainsRepository
  safes: SafesRepository
  rpc: RpcClients
  transactions: TransactionsRepository
  notes: NotesRepository
}) {
  /** The team's notes by transaction id when a signed-in owner asks; none for anyone else. */
  const notesFor = async (request: Request, chainId: number, safe: Address) => {
    const notes = new Map<string, string[]>()
    try {
      await requireSignedInOwner(deps, request, chainId, safe)
    } catch (error) {
      if (error instanceof AuthError) return { notes, included: false }
      throw error
    }
    const rows = await deps.notes.list(chainId, safe, { limit: 10_000 })
    for (const n of rows.reverse())
      notes.set(n.transactionId, [...(notes.get(n.transactionId) ?? []), `${n.author}: ${n.note}`])
    return { notes, included: true }
  }

  const open = createWorkQueue('history exports', {
    concurrency: EXPORT_LIMITS.open,
    maxQueued: 0,
    perClient: EXPORT_LIMITS.perClient,
  })
  // Each open export waits for at most one page: the queue never holds more than `open` of them.
  const readers = createWorkQueue('history pages', {
    concurrency: EXPORT_LIMITS.pageReaders,
    maxQueued: EXPORT_LIMITS.open,
    perClient: EXPORT_LIMITS.open,
  })
  /** A place among the open exports, held until `release` (the stream ended, failed or was cancelled). */
  const openExport = (client: string) =>
    new Promise<() => void>((acquired, refused) => {
      open.run(client, () => new Promise<void>((release) => acquired(() => release()))).catch(refused)
    })

  return new OpenAPIHono().openapi(exportRoute, async (c) => {
    const { chainId, safeAddress } = c.req.valid('param')
    const { chain } = await requireSafe(deps, chainId, safeAddress)
    const client = clientOf(c.req.raw)
    const release = await openExport(client)
    let released = false
    const done = () => {
      if (!released) release()
      released = true
    }
    const { transactions } = deps
    const page = (offset: number) =>
      readers.run(client, () => transactions.historyPage(chain.chainId, safeAddress, PAGE, offset))
    let next: Awaited<ReturnType<typeof page>> | undefined
    let ctx: ExportContext
    let included: boolean
    try {
      const team = await notesFor(c.req.raw, chain.chainId, safeAddress)
      included = team.included
      ctx = { safe: safeAddress, native: chain.nativeCurrency, tokens: new Map(), notes: team.notes }
      // The first page is read before answering, so a failure is still a proper error answer.
      next = await page(0)
    } catch (error) {
      done()
      throw error
    }
    let offset = 0
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(csvLine(CSV_HEADER)))
      },
      async pull(controller) {
        try {
          const current = next ?? (await page(offset))
          next = undefined
          if (!current.items.length) {
            done()
            return controller.close()
          }
          const tokenAddresses = [...current.transfers.values()].flatMap((t) => (t.token ? [t.token] : []))
          const missing = [...new Set(tokenAddresses)].filter((a) => !ctx.tokens.has(a))
          for (const [address, token] of await transactions.tokens(chain.chainId, missing))
            ctx.tokens.set(address, token)
          let text = ''
          for (const item of current.items) {
            const key = transactions.keyOf(item)
            text += csvLine(
              historyRow(
                item,
                {
                  multisig: current.multisig.get(key),
                  module: current.modules.get(key),
                  transfer: current.transfers.get(key),
                },
                ctx,
              ),
            )
          }
          controller.enqueue(encoder.encode(text))
          offset += current.items.length
          if (offset >= current.count) {
            done()
            return controller.close()
          }
          if (offset >= MAX_EXPORT_ITEMS) {
            controller.enqueue(
              encoder.encode(csvLine([`# only the newest ${MAX_EXPORT_ITEMS} of ${current.count} items`])),
            )
            done()
            return controller.close()
          }
        } catch (error) {
          logger.error({ err: error, chainId: chain.chainId, safe: safeAddress }, 'history export failed')
          done()
          controller.error(error)
        }
      },
      cancel: done,
    })
    const day = new Date().toISOString().slice(0, 10)
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="history-${chain.chainId}-${safeAddress}-${day}.csv"`,
      'X-Concord-Notes': included ? 'included' : 'omitted',
    })
  })
}
