import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { HttpError } from '../../http/errors.ts'
import { requireChain } from '../../http/require.ts'
import { AddressSchema, ChainIdParam, errorResponses, jsonResponse as json } from '../../http/schemas.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { DataDecoder } from './decodeData.ts'
import { isHexData } from './hex.ts'

// A plain loop, not a regex: a repeated group recurses per pair and overflows the stack on MiBs of data.
const HexData = z
  .string()
  .refine(isHexData, 'Invalid hex data')
  .openapi({ pattern: '^0x([0-9a-fA-F]{2})*$', example: '0xa9059cbb000000000000000000000000…' })

/** NEST's TransactionDataDto; `to` stays optional (the SDK may omit it), `operation`/`value` are ignored. */
const DecodeBodySchema = z
  .object({
    data: HexData,
    to: AddressSchema.nullish(),
    operation: z.union([z.literal(0), z.literal(1)]).optional(),
    value: z.union([z.string(), z.number()]).nullish(),
  })
  .openapi('TransactionData')

const ValueSchema = z.unknown().openapi({ description: 'string, or (nested) array of strings' })

const BaseDataDecodedSchema = z
  .object({
    method: z.string(),
    // Same items as DataDecoded's parameters (left open here: the schema is recursive).
    parameters: z.unknown().openapi({ type: ['array', 'null'], items: { type: 'object' } }),
  })
  .openapi('BaseDataDecoded')

const MultiSendTxSchema = z
  .object({
    operation: z.union([z.literal(0), z.literal(1)]),
    to: z.string(),
    value: z.string(),
    data: z.string().nullable(),
    dataDecoded: BaseDataDecodedSchema.nullable(),
  })
  .openapi('MultiSendTransaction')

const DataDecodedSchema = z
  .object({
    method: z.string(),
    parameters: z
      .array(
        z.object({
          name: z.string(),
          type: z.string(),
          value: ValueSchema,
          valueDecoded: z
            .union([z.array(MultiSendTxSchema), BaseDataDecodedSchema])
            .nullable()
            .optional(),
        }),
      )
      .nullable(),
    accuracy: z.enum(['FULL_MATCH', 'PARTIAL_MATCH', 'ONLY_FUNCTION_MATCH', 'NO_MATCH', 'UNKNOWN']),
  })
  .openapi('DataDecoded')

const decodeData = createRoute({
  method: 'post',
  path: '/v1/chains/{chainId}/data-decoder',
  tags: ['data-decoder'],
  request: {
    params: z.object({ chainId: ChainIdParam }),
    body: { content: { 'application/json': { schema: DecodeBodySchema } }, required: true },
  },
  responses: { 200: json(DataDecodedSchema, 'Decoded calldata'), ...errorResponses },
})

export function createDataDecoderRoutes({
  chains,
  decoder,
}: {
  chains: ChainsRepository
  decoder: DataDecoder
}) {
  return new OpenAPIHono().openapi(decodeData, async (c) => {
    const { chainId } = c.req.valid('param')
    const { data, to } = c.req.valid('json')
    await requireChain(chains, chainId)
    const decoded = decoder.decode(data, to)
    if (!decoded) throw new HttpError(422, 'Unable to decode the data')
    return c.json(decoded, 200)
  })
}
