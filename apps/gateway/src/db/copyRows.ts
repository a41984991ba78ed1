// PGlite's fast path for bulk inserts: the rows travel as one tab-separated text that `COPY … FROM '/dev/blob'`
// parses inside the database. Array parameters (the unnest path in bulkInsert.ts) cost more to prepare than the
// insert itself in PGlite: its JS serialiser quotes every element and measures every string character by
// character (a window of 20,000 logs: ~250 ms of 1.2 s).
import { entityKind, getTableColumns, getTableName } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { binaryCopy, binaryEncoderOf } from './copyBinary.ts'

/** What COPY needs of PGlite (its Transaction, or the database itself). */
export type CopyClient = {
  exec(query: string, options?: { blob: Blob }): Promise<unknown>
}

/**
 * The PGlite client behind a drizzle PGlite transaction, or undefined for anything else (PostgreSQL, or a
 * drizzle whose internals moved: copyRows.test.ts fails then, rather than the fast path silently going away).
 */
export function pgliteClientOf(db: unknown): CopyClient | undefined {
  const session = (db as { _?: { session?: { client?: CopyClient } } })._?.session
  const kind = (session?.constructor as { [entityKind]?: string } | undefined)?.[entityKind]
  return kind === 'PgliteSession' ? session?.client : undefined
}

const SPECIAL = /[\\\t\n\r]/
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }
/** COPY text format: backslash, tab and line breaks escaped (hex, the bulk of what is stored, has none). */
const copyEscape = (s: string) =>
  SPECIAL.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] as string) : s
const HEX = /^0x[0-9a-fA-F]*$/
const element = (v: unknown) =>
  v === null || v === undefined
    ? 'NULL'
    : HEX.test(String(v))
      ? String(v)
      : `"${String(v).replace(/[\\"]/g, '\\$&')}"`

/** Text of one value of the column's type (`\N` is null). */
function encoderOf(column: PgColumn): (v: unknown) => string {
  const type = column.getSQLType()
  if (type.endsWith('[]')) return (v) => copyEscape(`{${(v as unknown[]).map(element).join(',')}}`)
  if (type === 'jsonb' || type === 'json') return (v) => copyEscape(JSON.stringify(v))
  if (type === 'boolean') return (v) => (v ? 't' : 'f')
  // Hex (`0x…`) as bytea's hex input, `\x…` (its backslash escaped for COPY).
  if (type === 'bytea') return (v) => `\\\\x${String(v).slice(2)}`
  return (v) => (v instanceof Date ? v.toISOString() : typeof v === 'string' ? copyEscape(v) : String(v))
}

/** The rows in COPY's text format: a line per row, tab-separated values. */
function textCopy(
  rows: Record<string, unknown>[],
  columns: { key: string; encode: (v: unknown) => string }[],
) {
  let text = ''
  for (const row of rows) {
    let line = ''
    for (const { key, encode } of columns) {
      const v = row[key]
      line += `${line ? '\t' : ''}${v === null || v === undefined ? '\\N' : encode(v)}`
    }
    text += `${line}\n`
  }
  return text
}

/**
 * Copies rows into the table inside the client's transaction. Returns false, having written nothing, when a
 * row conflicts with a stored one (COPY has no ON CONFLICT): the caller then inserts them skipping conflicts.
 */
export async function copyRows<T extends PgTable>(
  client: CopyClient,
  table: T,
  rows: T['$inferInsert'][],
): Promise<boolean> {
  const first = rows[0] as Record<string, unknown>
  const columns = Object.entries(getTableColumns(table))
    .filter(([key]) => first[key] !== undefined)
    .map(([key, column]) => ({
      key,
      name: column.name,
      encode: encoderOf(column),
      binary: binaryEncoderOf(column),
    }))
  const binary = columns.every((c) => c.binary)
  const blob = new Blob([
    binary
      ? binaryCopy(rows as Record<string, unknown>[], columns as Parameters<typeof binaryCopy>[1])
      : textCopy(rows as Record<string, unknown>[], columns),
  ])
  const names = columns.map((c) => `"${c.name}"`).join(', ')
  // A savepoint, so a conflict undoes only this copy and the transaction goes on; all in one call.
  const copy = `copy "${getTableName(table)}" (${names}) from '/dev/blob'${binary ? ' with (format binary)' : ''}`
  try {
    await client.exec(`savepoint copy_rows; ${copy}; release savepoint copy_rows`, { blob })
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error
    await client.exec('rollback to savepoint copy_rows; release savepoint copy_rows')
    return false
  }
  return true
}
