// History export as CSV (#7), streamed page by page from the index: anyone may export a Safe's public history;
// a signed-in owner's export also carries the team's notes.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import type { Address } from 'viem'
import { requireSafe } from '../../http/require.ts'
import { AddressSchema, ChainIdParam, errorResponses } from '../../http/schemas.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import { AuthError, type AuthRepository, requireSignedInOwner } from '../auth/auth.repository.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { NotesRepository } from '../notes/notes.repository.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import type { TransactionsRepository } from '../transactions/transactions.repository.ts'
import { CSV_HEADER, csvLine, type ExportContext, historyRow } from './historyCsv.ts'

/** Items read per page, and at most per export (older ones are left out, and the last line says so). */
const PAGE = 200
export const MAX_EXPORT_ITEMS = 10_000

const exportRoute = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/safes/{safeAddress}/transactions/export',
  tags: ['transactions'],
  request: {
    params: z.object({
      chainId: ChainIdParam,
      safeAddress: AddressSchema.openapi({ param: { name: 'safeAddress', in: 'path' } }),
    }),
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

  return new OpenAPIHono().openapi(exportRoute, async (c) => {
    const { chainId, safeAddress } = c.req.valid('param')
    const { chain } = await requireSafe(deps, chainId, safeAddress)
    const { notes, included } = await notesFor(c.req.raw, chain.chainId, safeAddress)
    const ctx: ExportContext = { safe: safeAddress, native: chain.nativeCurrency, tokens: new Map(), notes }
    const { transactions } = deps
    const page = (offset: number) => transactions.historyPage(chain.chainId, safeAddress, PAGE, offset)
    // The first page is read before answering, so a failure is still a proper error answer.
    let next: Awaited<ReturnType<typeof page>> | undefined = await page(0)
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
          if (!current.items.length) return controller.close()
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
          if (offset >= current.count) return controller.close()
          if (offset >= MAX_EXPORT_ITEMS) {
            controller.enqueue(
              encoder.encode(csvLine([`# only the newest ${MAX_EXPORT_ITEMS} of ${current.count} items`])),
            )
            return controller.close()
          }
        } catch (error) {
          console.error(`history export ${chain.chainId}/${safeAddress} failed:`, error)
          controller.error(error)
        }
      },
    })
    const day = new Date().toISOString().slice(0, 10)
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="history-${chain.chainId}-${safeAddress}-${day}.csv"`,
      'X-Concord-Notes': included ? 'included' : 'omitted',
    })
  })
}
