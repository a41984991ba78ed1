import { z } from '@hono/zod-openapi'

export const AddressInfoSchema = z
  .object({ value: z.string(), name: z.string().nullable(), logoUri: z.string().nullable() })
  .openapi('AddressInfo')

export const SafeInfoSchema = z
  .object({
    address: AddressInfoSchema,
    chainId: z.string(),
    nonce: z.number().int(),
    threshold: z.number().int(),
    owners: z.array(AddressInfoSchema),
    implementation: AddressInfoSchema,
    implementationVersionState: z.enum(['UP_TO_DATE', 'OUTDATED', 'UNKNOWN']),
    modules: z.array(AddressInfoSchema).nullable(),
    fallbackHandler: AddressInfoSchema.nullable(),
    guard: AddressInfoSchema.nullable(),
    version: z.string().nullable(),
    collectiblesTag: z.string().nullable(),
    txQueuedTag: z.string().nullable(),
    txHistoryTag: z.string().nullable(),
    messagesTag: z.string().nullable(),
  })
  .openapi('SafeInfo')

export const SafeNoncesSchema = z
  .object({ currentNonce: z.number().int(), recommendedNonce: z.number().int() })
  .openapi('SafeNonces')

export const OwnedSafesSchema = z.object({ safes: z.array(z.string()) }).openapi('OwnedSafes')
