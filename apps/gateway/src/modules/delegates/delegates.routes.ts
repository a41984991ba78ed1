// Delegates (proposers), the Client Gateway's /v1 and /v2 …/delegates routes Safe{Wallet} calls: list (v1 and
// v2), add and remove (v2). A delegator signs the EIP-712 `Delegate{delegateAddress, totp}`; for a Safe-bound
// delegate the delegator must own the Safe on chain now.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import type { Address, Hex } from 'viem'
import { type BudgetSettings, clientOf, createClientBudget } from '../../http/clientBudget.ts'
import { HttpError, NotFoundError } from '../../http/errors.ts'
import { parseCursor, toPage } from '../../http/pagination.ts'
import { requireChain } from '../../http/require.ts'
import {
  AddressSchema,
  ChainIdParam,
  CursorQuery,
  errorResponses,
  jsonResponse as json,
  pageSchema,
  pathAddress,
} from '../../http/schemas.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import { readOnChainSafe } from '../../safe/onChainSafe.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import { delegateRequestSigner } from './delegateSignature.ts'
import type { DelegatesRepository } from './delegates.repository.ts'

const signature = z
  .string()
  .max(2 + 2 * 4096, 'Signature too long')
  .regex(/^0x([0-9a-fA-F]{2}){65,}$/, 'Invalid signature (at least 65 bytes hex)')
const DelegateSchema = z
  .object({ safe: z.string().nullable(), delegate: z.string(), delegator: z.string(), label: z.string() })
  .openapi('Delegate')
const listQuery = CursorQuery.extend({
  safe: AddressSchema.optional(),
  delegate: AddressSchema.optional(),
  delegator: AddressSchema.optional(),
  label: z.string().max(50).optional(),
})
const AddBody = z
  .object({
    safe: AddressSchema.nullish(),
    delegate: AddressSchema,
    delegator: AddressSchema,
    signature,
    label: z.string().min(1, 'A label is required').max(50, 'Label too long (at most 50 characters)'),
    expiryDate: z.iso.datetime({ offset: true }).nullish(),
  })
  .openapi('AddDelegate')
const RemoveBody = z
  .object({ delegator: AddressSchema.nullish(), safe: AddressSchema.nullish(), signature })
  .refine((b) => b.delegator || b.safe, "At least one of the fields 'safe' or 'delegator' is required")
  .openapi('RemoveDelegate')
const chainParams = z.object({ chainId: ChainIdParam })

const list = (version: 'v1' | 'v2') =>
  createRoute({
    method: 'get',
    path: `/${version}/chains/{chainId}/delegates`,
    tags: ['delegates'],
    request: { params: chainParams, query: listQuery },
    responses: {
      200: json(pageSchema(DelegateSchema, `DelegatePage${version}`), 'Delegates'),
      ...errorResponses,
    },
  })
const add = createRoute({
  method: 'post',
  path: '/v2/chains/{chainId}/delegates',
  tags: ['delegates'],
  request: {
    params: chainParams,
    body: { content: { 'application/json': { schema: AddBody } }, required: true },
  },
  responses: { 200: { description: 'Added (empty body)' }, ...errorResponses },
})
const remove = createRoute({
  method: 'delete',
  path: '/v2/chains/{chainId}/delegates/{delegateAddress}',
  tags: ['delegates'],
  request: {
    params: chainParams.extend({
      delegateAddress: pathAddress('delegateAddress'),
    }),
    body: { content: { 'application/json': { schema: RemoveBody } }, required: true },
  },
  responses: { 200: { description: 'Removed (empty body)' }, ...errorResponses },
})

export function createDelegatesRoutes(deps: {
  chains: ChainsRepository
  delegates: DelegatesRepository
  rpc: RpcClients
  budget?: BudgetSettings | undefined
}) {
  const { delegates } = deps
  /** Delegate changes a client may make: 20 at once, then one every 3 s. */
  const changesBudget = createClientBudget(
    'changing delegates',
    deps.budget ?? { capacity: 20, refillPerSecond: 1 / 3 },
  )

  const listPage = async (chainId: string, query: z.infer<typeof listQuery>, req: Request) => {
    const { cursor, ...filters } = query
    if (!Object.values(filters).some(Boolean)) throw new HttpError(422, 'At least one property is required')
    const chain = await requireChain(deps.chains, chainId)
    const page = parseCursor(cursor)
    const { rows, count } = await delegates.page(chain.chainId, filters, page.limit, page.offset, Date.now())
    const results = rows.map((d) => ({
      safe: d.safe,
      delegate: d.delegate,
      delegator: d.delegator,
      label: d.label,
    }))
    return toPage(req, page, count, results)
  }

  /** The delegator must own a Safe the delegate is bound to, on chain now. */
  const requireOwner = async (
    chain: { chainId: number; rpcUrl: string[] },
    safe: Address,
    owner: Address,
  ) => {
    const { owners } = await readOnChainSafe(deps.rpc.get(chain), safe)
    if (!owners.includes(owner))
      throw new HttpError(422, `Delegator ${owner} is not an owner of the Safe ${safe}`)
  }

  return new OpenAPIHono()
    .openapi(list('v1'), async (c) =>
      c.json(await listPage(c.req.valid('param').chainId, c.req.valid('query'), c.req.raw), 200),
    )
    .openapi(list('v2'), async (c) =>
      c.json(await listPage(c.req.valid('param').chainId, c.req.valid('query'), c.req.raw), 200),
    )
    .openapi(add, async (c) => {
      const { chainId } = c.req.valid('param')
      changesBudget.spend(clientOf(c.req.raw), 1)
      const body = c.req.valid('json')
      const chain = await requireChain(deps.chains, chainId)
      const expiresAt = body.expiryDate ? Date.parse(body.expiryDate) : null
      if (expiresAt !== null && expiresAt <= Date.now())
        throw new HttpError(422, 'expiryDate must be in the future')
      const signer = await delegateRequestSigner(deps.rpc.get(chain), {
        chainId: chain.chainId,
        delegate: body.delegate,
        signature: body.signature as Hex,
        signers: [body.delegator],
      })
      if (!signer)
        throw new HttpError(
          422,
          'Invalid signature: the delegator must sign Delegate{delegate, totp} (this hour)',
        )
      if (body.safe) await requireOwner(chain, body.safe, body.delegator)
      await delegates.upsert({
        chainId: chain.chainId,
        safe: body.safe ?? null,
        delegate: body.delegate,
        delegator: body.delegator,
        label: body.label,
        expiresAt,
      })
      return c.body(null, 200)
    })
    .openapi(remove, async (c) => {
      const { chainId, delegateAddress } = c.req.valid('param')
      changesBudget.spend(clientOf(c.req.raw), 1)
      const body = c.req.valid('json')
      const chain = await requireChain(deps.chains, chainId)
      let delegator = body.delegator ?? undefined
      if (!delegator) {
        const found = await delegates.page(
          chain.chainId,
          { delegate: delegateAddress, safe: body.safe ?? undefined },
          1,
          0,
          Date.now(),
        )
        delegator = found.rows[0]?.delegator as Address | undefined
        if (!delegator) throw new NotFoundError('Delegate not found')
      }
      // Either side may end the delegation. Naming a Safe, it signs a DeleteDelegate for that Safe: the Delegate
      // signature that added it (anyone may have seen it) cannot take it away.
      const signer = await delegateRequestSigner(deps.rpc.get(chain), {
        chainId: chain.chainId,
        delegate: delegateAddress,
        signature: body.signature as Hex,
        signers: [delegator as Address, delegateAddress],
        ...(body.safe ? { removalFrom: body.safe as Address } : {}),
      })
      if (!signer)
        throw new HttpError(
          422,
          body.safe
            ? 'Invalid signature: the delegator or the delegate must sign DeleteDelegate{delegateAddress, safe, totp} for this Safe'
            : 'Invalid signature: the delegator or the delegate must sign Delegate{delegate, totp}',
        )
      const removed = await delegates.remove(chain.chainId, {
        delegate: delegateAddress,
        delegator,
        safe: body.safe === undefined ? undefined : body.safe,
      })
      if (!removed) throw new NotFoundError('Delegate not found')
      return c.body(null, 200)
    })
}
