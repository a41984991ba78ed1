// Schemas shared by every route: path parameters, the error body and its responses, and the Page envelope.
import { createRoute, z } from '@hono/zod-openapi'
import { getAddress, isAddress } from 'viem'

export const ErrorSchema = z
  .object({ code: z.number().int(), message: z.string() })
  .openapi('Error', { example: { code: 404, message: 'Chain 5 is not served by this gateway' } })

export const errorResponses = {
  404: { description: 'Not found', content: { 'application/json': { schema: ErrorSchema } } },
  422: { description: 'Invalid input', content: { 'application/json': { schema: ErrorSchema } } },
} as const

/** The responses of a route guarded by requireOwnerOfSafeParam (requireSignedIn.ts), for its OpenAPI entry. */
export const signedInOwnerErrors = {
  ...errorResponses,
  401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
  403: { description: 'Not an owner', content: { 'application/json': { schema: ErrorSchema } } },
} as const

/**
 * A decimal chain id within the safe integer range (ids are numbers in the store: a larger one would fail
 * there, and neighbouring ids would collapse onto one), without leading zeros (one spelling per chain).
 */
export const ChainIdParam = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, 'Invalid chain id')
  .refine((v) => Number.isSafeInteger(Number(v)), 'Invalid chain id')
  .openapi({ param: { name: 'chainId', in: 'path' }, example: '31337' })

/** Any-case hex address in, EIP-55 checksummed address out (as CGW). */
export const AddressSchema = z
  .string()
  .refine((v) => isAddress(v, { strict: false }), 'Invalid address')
  .transform((v) => getAddress(v))

/** An address in the path, under the parameter `name` (`/owners/{ownerAddress}/…`). */
export const pathAddress = (name: string) => AddressSchema.openapi({ param: { name, in: 'path' } })

/** The path parameters of a route under `/v1/chains/{chainId}/safes/{safeAddress}`. */
export const SafeParams = z.object({ chainId: ChainIdParam, safeAddress: pathAddress('safeAddress') })

/** The path parameters of a route under `/v1/chains/{chainId}/…/{<name>}` with one address. */
export const chainAddressParams = <N extends string>(name: N) =>
  z
    .object({ chainId: ChainIdParam })
    .extend({ [name]: pathAddress(name) } as Record<N, ReturnType<typeof pathAddress>>)

/** A query flag: the literal strings `true` / `false` (anything else is a 422). */
export const BoolQuery = z.enum(['true', 'false']).transform((v) => v === 'true')

export const CursorQuery = z.object({
  cursor: z.string().optional().openapi({ example: 'limit=20&offset=0' }),
})

export function pageSchema<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      count: z.number().int(),
      next: z.string().nullable(),
      previous: z.string().nullable(),
      results: z.array(item),
    })
    .openapi(name)
}

/** An OpenAPI JSON response entry for createRoute(). */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})

/**
 * A route that reads one Safe, `/v1/chains/{chainId}/safes/{safeAddress}<suffix>`: SafeParams in, the schema's
 * JSON or one of the usual errors out.
 */
export const safeReadRoute = <T extends z.ZodType>(p: {
  method?: 'get' | 'post'
  suffix: string
  tag?: string
  schema: T
  description: string
}) =>
  createRoute({
    method: p.method ?? 'get',
    path: `/v1/chains/{chainId}/safes/{safeAddress}${p.suffix}`,
    tags: [p.tag ?? 'safes'],
    request: { params: SafeParams },
    responses: { 200: jsonResponse(p.schema, p.description), ...errorResponses },
  })
