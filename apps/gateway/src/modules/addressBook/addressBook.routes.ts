// The shared address book of a Safe (#7): its owners read and change it once signed in with Ethereum. An import
// (CSV `address,name,chainId` or JSON entries) checks every row, stores the good ones in one transaction and
// reports each bad one with its line; nothing is stored when no row is good or the book would grow too large.
import {
  checkName,
  checkRows,
  type EntryInput,
  MAX_CSV_CHARS,
  MAX_ENTRIES,
  parseAddressBookCsv,
  type RowError,
} from '@concord/safe/addressBookCsv'
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import type { Address } from 'viem'
import type { ChangeBus } from '../../changes/changeBus.ts'
import { HttpError, NotFoundError } from '../../http/errors.ts'
import { requireOwnerOfSafeParam, type SignedInOwnerDeps } from '../../http/requireSignedIn.ts'
import {
  ErrorSchema,
  jsonResponse as json,
  pathAddress,
  SafeParams,
  signedInOwnerErrors,
} from '../../http/schemas.ts'
import type { AddressBookEntry, AddressBookRepository } from './addressBook.repository.ts'

const entryParams = SafeParams.extend({
  address: pathAddress('address'),
})
const EntrySchema = z
  .object({ address: z.string(), name: z.string(), updatedBy: z.string(), updatedAt: z.string() })
  .openapi('AddressBookEntry')
const ListSchema = z.object({ count: z.number().int(), results: z.array(EntrySchema) }).openapi('AddressBook')
const RowErrorSchema = z.object({ line: z.number().int(), message: z.string() })
const ImportBody = z
  .object({
    csv: z.string().max(MAX_CSV_CHARS, `CSV too large (at most ${MAX_CSV_CHARS} characters)`).optional(),
    entries: z
      .array(
        z.object({
          address: z.string().max(200),
          name: z.string().max(500),
          chainId: z.union([z.string().max(30), z.number()]).optional(),
        }),
      )
      .max(MAX_ENTRIES, `At most ${MAX_ENTRIES} entries per import`)
      .optional(),
  })
  .refine((b) => (b.csv === undefined) !== (b.entries === undefined), 'Send either csv or entries')
  .openapi('AddressBookImport')
const ImportResult = z
  .object({ imported: z.number().int(), errors: z.array(RowErrorSchema) })
  .openapi('AddressBookImportResult')

const base = '/v1/chains/{chainId}/safes/{safeAddress}/address-book'
const list = createRoute({
  method: 'get',
  path: base,
  tags: ['address-book'],
  request: { params: SafeParams },
  responses: { 200: json(ListSchema, 'The Safe’s address book'), ...signedInOwnerErrors },
})
const put = createRoute({
  method: 'put',
  path: `${base}/{address}`,
  tags: ['address-book'],
  request: {
    params: entryParams,
    body: {
      content: { 'application/json': { schema: z.object({ name: z.string().max(500) }) } },
      required: true,
    },
  },
  responses: { 200: json(EntrySchema, 'The stored entry'), ...signedInOwnerErrors },
})
const remove = createRoute({
  method: 'delete',
  path: `${base}/{address}`,
  tags: ['address-book'],
  request: { params: entryParams },
  responses: { 200: { description: 'Removed (empty body)' }, ...signedInOwnerErrors },
})
const importRoute = createRoute({
  method: 'post',
  path: `${base}/import`,
  tags: ['address-book'],
  request: {
    params: SafeParams,
    body: { content: { 'application/json': { schema: ImportBody } }, required: true },
  },
  responses: {
    200: json(ImportResult, 'Good rows stored, bad rows reported'),
    ...signedInOwnerErrors,
    422: json(
      ErrorSchema.extend({ errors: z.array(RowErrorSchema).optional() }).openapi('AddressBookImportError'),
      'No good row, or the book would grow too large: nothing stored',
    ),
  },
})

const toEntry = (e: AddressBookEntry) => ({
  address: e.address,
  name: e.name,
  updatedBy: e.updatedBy,
  updatedAt: new Date(e.updatedAt).toISOString(),
})

export function createAddressBookRoutes(
  deps: SignedInOwnerDeps & { addressBook: AddressBookRepository; changes: ChangeBus },
) {
  const { addressBook } = deps
  const changed = (chainId: number, safe: Address) =>
    deps.changes.publish({ type: 'TEAM_DATA_UPDATED', chainId, address: safe, what: 'addressBook' })

  return new OpenAPIHono()
    .openapi(list, async (c) => {
      const { chainId, safe } = await requireOwnerOfSafeParam(deps, c.req.raw, c.req.valid('param'))
      const rows = await addressBook.list(chainId, safe)
      return c.json({ count: rows.length, results: rows.map(toEntry) }, 200)
    })
    .openapi(put, async (c) => {
      const params = c.req.valid('param')
      const { chainId, safe, owner: by } = await requireOwnerOfSafeParam(deps, c.req.raw, params)
      const name = checkName(c.req.valid('json').name)
      if ('error' in name) throw new HttpError(422, name.error)
      const stored = await addressBook.upsertAll({
        chainId,
        safe,
        entries: [{ address: params.address, name: name.name }],
        by,
        max: MAX_ENTRIES,
      })
      if ('over' in stored)
        throw new HttpError(422, `The address book is full (at most ${MAX_ENTRIES} entries)`)
      changed(chainId, safe)
      const now = Date.now()
      return c.json(
        toEntry({ chainId, safe, address: params.address, name: name.name, updatedBy: by, updatedAt: now }),
        200,
      )
    })
    .openapi(remove, async (c) => {
      const params = c.req.valid('param')
      const { chainId, safe } = await requireOwnerOfSafeParam(deps, c.req.raw, params)
      if (!(await addressBook.remove(chainId, safe, params.address)))
        throw new NotFoundError(`${params.address} is not in the address book`)
      changed(chainId, safe)
      return c.body(null, 200)
    })
    .openapi(importRoute, async (c) => {
      const {
        chainId,
        safe,
        owner: by,
      } = await requireOwnerOfSafeParam(deps, c.req.raw, c.req.valid('param'))
      const body = c.req.valid('json')
      let rows: EntryInput[]
      let lineOf = (i: number) => i + 1
      const errors: RowError[] = []
      if (body.csv !== undefined) {
        const parsed = parseAddressBookCsv(body.csv)
        if ('error' in parsed) throw new HttpError(422, parsed.error)
        if (parsed.rows.length + parsed.errors.length > MAX_ENTRIES)
          throw new HttpError(422, `At most ${MAX_ENTRIES} rows per import`)
        rows = parsed.rows
        lineOf = (i) => parsed.lines[i] ?? 0
        errors.push(...parsed.errors)
      } else rows = body.entries ?? []
      const checked = checkRows(rows, chainId, lineOf)
      errors.push(...checked.errors)
      errors.sort((a, b) => a.line - b.line)
      const refuse = (message: string) => c.json({ code: 422, message, errors }, 422)
      if (!checked.entries.length)
        return refuse(errors.length ? 'No valid row to import' : 'Nothing to import')
      const stored = await addressBook.upsertAll({
        chainId,
        safe,
        entries: checked.entries,
        by,
        max: MAX_ENTRIES,
      })
      if ('over' in stored)
        return refuse(
          `The address book would hold ${stored.over} entries (at most ${MAX_ENTRIES}): nothing imported`,
        )
      changed(chainId, safe)
      return c.json({ imported: stored.stored, errors }, 200)
    })
}
