// GET /v2/safes and /v1/safes (the Client Gateway routes Safe{Wallet} calls for Safe overviews): an overview of
// up to 10 Safes on any chains, for the Safe list and header of Safe{Wallet}. A bad `safes` entry fails the whole
// request (422); a Safe that cannot be described (a chain not served, an address that is no indexed Safe, a
// failed balance read) is left out, in request order.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { getAddress, isAddress } from 'viem'
import { HttpError } from '../../http/errors.ts'
import { jsonResponse as json } from '../../http/schemas.ts'
import type { SafeBalancesRepository } from '../balances/safeBalances.repository.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { ProposalsRepository } from '../transactions/proposals.repository.ts'
import type { SafesRepository } from './safes.repository.ts'
import { AddressInfoSchema } from './safes.schemas.ts'

/** CGW's MAX_SAFE_OVERVIEWS: entries past it are ignored without an error. */
export const MAX_SAFE_OVERVIEWS = 10
/** The queue page CGW counts `awaitingConfirmation` over (the Transaction Service's first page). */
const QUEUE_PAGE = 20

const SafeOverviewSchema = z
  .object({
    address: AddressInfoSchema,
    chainId: z.string(),
    threshold: z.number().int(),
    owners: z.array(AddressInfoSchema),
    fiatTotal: z.string(),
    queued: z.number().int(),
    awaitingConfirmation: z.number().int().nullable(),
  })
  .openapi('SafeOverview')

const query = z.object({
  safes: z.string().optional().openapi({ example: '31337:0x5aFE3855358E112B5647B952709E6165e1c1eEEe' }),
  currency: z.string().optional().openapi({ example: 'usd' }),
  trusted: z.string().optional(),
  wallet_address: z.string().optional(),
  exclude_spam: z.string().optional(),
})

const overviewRoute = (path: '/v1/safes' | '/v2/safes') =>
  createRoute({
    method: 'get',
    path,
    tags: ['safes'],
    request: { query },
    responses: {
      200: json(z.array(SafeOverviewSchema), 'Overviews of the Safes that could be described'),
      400: json(z.object({ code: z.number(), message: z.string() }), 'trusted is not a boolean string'),
      422: json(z.object({ code: z.number(), message: z.string() }), 'A malformed safes entry or wallet'),
    },
  })

type SafeRef = { chainId: string; address: string }

/** Parses `chainId:address,…` with CGW's rules: numeric chain id, any-case 40-hex address (checksummed). */
export function parseSafesParam(value: string | undefined): SafeRef[] {
  if (value === undefined) throw new HttpError(422, 'Invalid input: expected string, received undefined')
  return value.split(',').map((entry) => {
    const at = entry.indexOf(':')
    const chainId = at === -1 ? entry : entry.slice(0, at)
    const address = at === -1 ? '' : entry.slice(at + 1)
    if (!/^\d+$/.test(chainId)) throw new HttpError(422, 'Invalid base-10 numeric string (chainId)')
    if (!isAddress(address, { strict: false })) throw new HttpError(422, 'Invalid address (address)')
    return { chainId, address: getAddress(address) }
  })
}

const addressInfo = (value: string) => ({ value, name: null, logoUri: null })

export function createSafeOverviewsRoutes(deps: {
  chains: ChainsRepository
  safes: SafesRepository
  proposals: ProposalsRepository
  safeBalances: SafeBalancesRepository
}) {
  async function overview(ref: SafeRef, fiat: string, trusted: boolean, wallet: string | undefined) {
    const chainId = Number(ref.chainId)
    const chain = Number.isSafeInteger(chainId) ? await deps.chains.get(chainId) : undefined
    const safe = chain && (await deps.safes.get(chain.chainId, ref.address))
    if (!chain || !safe) return undefined
    const [balances, queue] = await Promise.all([
      deps.safeBalances.get(chain, safe.address, fiat, { trusted }),
      deps.proposals.queuePage(chain.chainId, safe.address, {
        fromNonce: safe.nonce,
        trusted: false,
        limit: QUEUE_PAGE,
        offset: 0,
      }),
    ])
    let awaitingConfirmation: number | null = null
    if (wallet) {
      const confirmations = await deps.proposals.confirmationsOf(
        chain.chainId,
        queue.rows.map((r) => r.safeTxHash),
      )
      awaitingConfirmation = queue.rows.filter((r) => {
        const confs = confirmations.get(r.safeTxHash) ?? []
        return confs.length < safe.threshold && !confs.some((c) => c.owner === wallet)
      }).length
    }
    return {
      address: addressInfo(safe.address),
      chainId: String(chain.chainId),
      threshold: safe.threshold,
      owners: safe.owners.map(addressInfo),
      fiatTotal: balances.fiatTotal,
      queued: queue.count,
      awaitingConfirmation,
    }
  }

  const handler = async (q: z.infer<typeof query>) => {
    const refs = parseSafesParam(q.safes).slice(0, MAX_SAFE_OVERVIEWS)
    if (q.trusted !== undefined && q.trusted !== 'true' && q.trusted !== 'false')
      throw new HttpError(400, 'Validation failed (boolean string is expected)')
    let wallet: string | undefined
    if (q.wallet_address !== undefined) {
      if (!isAddress(q.wallet_address, { strict: false })) throw new HttpError(422, 'Invalid address')
      wallet = getAddress(q.wallet_address)
    }
    const fiat = (q.currency ?? '').toUpperCase()
    // CGW drops every Safe when the currency is missing or unknown (each balance lookup fails).
    if (!(await deps.safeBalances.supports(fiat))) return []
    const results = await Promise.all(
      refs.map((ref) => overview(ref, fiat, q.trusted === 'true', wallet).catch(() => undefined)),
    )
    return results.filter((r) => r !== undefined)
  }

  return new OpenAPIHono()
    .openapi(overviewRoute('/v2/safes'), async (c) => c.json(await handler(c.req.valid('query')), 200))
    .openapi(overviewRoute('/v1/safes'), async (c) => c.json(await handler(c.req.valid('query')), 200))
}
