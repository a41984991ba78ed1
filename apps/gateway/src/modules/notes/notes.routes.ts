// Transaction notes (#7): a Safe's signed-in owners read them and write their own (the author is the session's
// address), on queued and executed transactions alike: a multisig transaction keeps its id from queue to history.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { type Address, getAddress, isAddress } from 'viem'
import type { ChangeBus } from '../../changes/changeBus.ts'
import { AuthError, HttpError, NotFoundError } from '../../http/errors.ts'
import { requireOwnerOfSafeParam, type SignedInOwnerDeps } from '../../http/requireSignedIn.ts'
import { jsonResponse as json, SafeParams, signedInOwnerErrors } from '../../http/schemas.ts'
import type { NotesRepository, TransactionNote } from './notes.repository.ts'

export const MAX_NOTE_LENGTH = 500
/** Notes one Safe holds at most (all are listed at once). */
export const MAX_NOTES = 1000

const NoteSchema = z
  .object({
    id: z.number().int(),
    transactionId: z.string(),
    author: z.string(),
    note: z.string(),
    createdAt: z.string(),
  })
  .openapi('TransactionNote')
const ListSchema = z
  .object({ count: z.number().int(), results: z.array(NoteSchema) })
  .openapi('TransactionNotes')
const TxIdSchema = z.string().min(1).max(200)

const base = '/v1/chains/{chainId}/safes/{safeAddress}/notes'
const list = createRoute({
  method: 'get',
  path: base,
  tags: ['notes'],
  request: { params: SafeParams, query: z.object({ transactionId: TxIdSchema.optional() }) },
  responses: { 200: json(ListSchema, 'Notes, newest first'), ...signedInOwnerErrors },
})
const add = createRoute({
  method: 'post',
  path: base,
  tags: ['notes'],
  request: {
    params: SafeParams,
    body: {
      content: {
        'application/json': { schema: z.object({ transactionId: TxIdSchema, note: z.string().max(5000) }) },
      },
      required: true,
    },
  },
  responses: { 201: json(NoteSchema, 'The stored note'), ...signedInOwnerErrors },
})
const remove = createRoute({
  method: 'delete',
  path: `${base}/{noteId}`,
  tags: ['notes'],
  request: {
    params: SafeParams.extend({
      noteId: z
        .string()
        .regex(/^[1-9]\d{0,8}$/, 'Invalid note id')
        .openapi({ param: { name: 'noteId', in: 'path' } }),
    }),
  },
  responses: { 200: { description: 'Removed (empty body)' }, ...signedInOwnerErrors },
})

const HASH = /^0x[0-9a-fA-F]{64}$/
const REF = /^[0-9a-zA-Z]{1,140}$/

/**
 * The one spelling of a transaction id of this Safe: a bare safeTxHash becomes `multisig_<safe>_<hash>`, the
 * Safe checksummed and refs lower-case, as the API gives ids. Undefined when malformed or of another Safe.
 */
export function noteTransactionId(id: string, safe: Address): string | undefined {
  if (HASH.test(id)) return `multisig_${safe}_${id.toLowerCase()}`
  const [kind, address, ref, ...rest] = id.split('_')
  if (rest.length || !address || !isAddress(address, { strict: false }) || getAddress(address) !== safe)
    return undefined
  if (kind === 'creation') return ref === undefined ? `creation_${safe}` : undefined
  if (kind !== 'multisig' && kind !== 'module' && kind !== 'transfer') return undefined
  if (!ref || !REF.test(ref.replace(/^0x/, ''))) return undefined
  return `${kind}_${safe}_${ref.toLowerCase()}`
}

const toNote = (n: TransactionNote) => ({
  id: n.id,
  transactionId: n.transactionId,
  author: n.author,
  note: n.note,
  createdAt: new Date(n.createdAt).toISOString(),
})

export function createNotesRoutes(deps: SignedInOwnerDeps & { notes: NotesRepository; changes: ChangeBus }) {
  const { notes } = deps
  const changed = (chainId: number, safe: Address) =>
    deps.changes.publish({ type: 'TEAM_DATA_UPDATED', chainId, address: safe, what: 'notes' })
  const txId = (id: string, safe: Address) => {
    const normal = noteTransactionId(id, safe)
    if (!normal) throw new HttpError(422, `Invalid transaction ID ${id.slice(0, 200)} for the Safe ${safe}`)
    return normal
  }

  return new OpenAPIHono()
    .openapi(list, async (c) => {
      const { chainId, safe } = await requireOwnerOfSafeParam(deps, c.req.raw, c.req.valid('param'))
      const { transactionId } = c.req.valid('query')
      const rows = await notes.list(chainId, safe, {
        transactionId: transactionId === undefined ? undefined : txId(transactionId, safe),
        limit: MAX_NOTES,
      })
      return c.json({ count: rows.length, results: rows.map(toNote) }, 200)
    })
    .openapi(add, async (c) => {
      const {
        chainId,
        safe,
        owner: author,
      } = await requireOwnerOfSafeParam(deps, c.req.raw, c.req.valid('param'))
      const body = c.req.valid('json')
      const note = body.note.trim()
      if (!note) throw new HttpError(422, 'A note cannot be empty')
      if ([...note].length > MAX_NOTE_LENGTH)
        throw new HttpError(422, `Note too long (at most ${MAX_NOTE_LENGTH} characters)`)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point (line breaks are fine)
      if (/[\u0000-\u0009\u000b-\u001f\u007f]/.test(note))
        throw new HttpError(422, 'The note contains control characters')
      const stored = await notes.add(
        { chainId, safe, transactionId: txId(body.transactionId, safe), author, note, createdAt: Date.now() },
        MAX_NOTES,
      )
      if (!stored) throw new HttpError(422, `This Safe already has ${MAX_NOTES} notes: remove some first`)
      changed(chainId, safe)
      return c.json(toNote(stored), 201)
    })
    .openapi(remove, async (c) => {
      const params = c.req.valid('param')
      const { chainId, safe, owner } = await requireOwnerOfSafeParam(deps, c.req.raw, params)
      const note = await notes.get(chainId, safe, Number(params.noteId))
      if (!note) throw new NotFoundError(`No note ${params.noteId} on this Safe`)
      if (note.author !== owner) throw new AuthError(403, 'Only its author can remove a note')
      await notes.remove(note.id)
      changed(chainId, safe)
      return c.body(null, 200)
    })
}
