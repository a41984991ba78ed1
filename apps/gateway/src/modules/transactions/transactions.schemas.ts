// Request and page schemas the transaction routes share (the Client Gateway's …/transactions/history,
// …/transactions/queued, …/multisig-transactions, …/module-transactions and …/incoming-transfers).
import { z } from '@hono/zod-openapi'
import { AddressSchema } from '../../http/schemas.ts'

const isoDate = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Invalid date')
  .transform((v) => Math.floor(Date.parse(v) / 1000))
export const timezone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}, 'Invalid timezone')
const uintString = z.string().regex(/^\d{1,78}$/, 'Invalid value')

/** Filters the multisig and incoming-transfer lists share (`timezone` is sent by the SDK and ignored). */
export const executionFilters = {
  execution_date__gte: isoDate.optional(),
  execution_date__lte: isoDate.optional(),
  to: AddressSchema.optional(),
  value: uintString.optional(),
  timezone: z.string().optional(),
}

const ItemList = z.array(z.record(z.string(), z.unknown()))
/** A page of list items, registered in the OpenAPI document under `name`. */
export const page = (name: string) =>
  z
    .object({
      count: z.number().int().optional(),
      next: z.string().nullable(),
      previous: z.string().nullable(),
      results: ItemList,
    })
    .openapi(name)
