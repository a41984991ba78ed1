import { z } from '@hono/zod-openapi'
import { AddressSchema } from '../../http/schemas.ts'
import { isHexData } from '../dataDecoder/hex.ts'

const MAX_UINT256 = 2n ** 256n - 1n

export const SimulationRequestSchema = z
  .object({
    to: AddressSchema.openapi({ type: 'string', example: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2' }),
    value: z
      .string()
      .regex(/^(0|[1-9]\d{0,77})$/, 'Invalid value: a decimal amount of wei')
      // Refinements run after a failed regex too: only a decimal string reaches BigInt.
      .refine((v) => !/^\d+$/.test(v) || BigInt(v) <= MAX_UINT256, 'Invalid value: larger than uint256')
      .openapi({ example: '1000000000000000000' }),
    // The data decoder's linear hex check: a regex group would overflow the stack on MiBs of data.
    data: z
      .string()
      .refine(isHexData, 'Invalid hex data')
      .nullable()
      .optional()
      .openapi({ pattern: '^0x([0-9a-fA-F]{2})*$', example: null }),
    operation: z
      .union([z.literal(0), z.literal(1)], { error: 'Invalid operation: 0 (CALL) or 1 (DELEGATECALL)' })
      .openapi({ description: '0 = CALL, 1 = DELEGATECALL' }),
  })
  .openapi('SimulationRequest')

export type SimulationRequest = z.infer<typeof SimulationRequestSchema>

export const BalanceChangeSchema = z
  .object({
    tokenAddress: z.string().nullable().openapi({ description: 'null for the native coin' }),
    symbol: z.string(),
    decimals: z.number().int(),
    before: z.string(),
    after: z.string(),
    change: z.string().openapi({ description: 'after − before, signed, in the smallest unit' }),
  })
  .openapi('BalanceChange')

export type BalanceChange = z.infer<typeof BalanceChangeSchema>

export const SimulationSchema = z
  .object({
    success: z.boolean(),
    revertReason: z.string().nullable(),
    gasUsed: z.string(),
    balanceChanges: z.array(BalanceChangeSchema),
  })
  .openapi('Simulation')

export type Simulation = z.infer<typeof SimulationSchema>
