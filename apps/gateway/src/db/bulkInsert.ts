// Inserts many rows as one parameter per column (`insert … select * from unnest($1::type[], …)`) rather
// than one parameter per value: far less for PostgreSQL to parse and bind on large windows. In a PGlite
// transaction the rows go in with COPY instead (copyRows.ts).
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { copyRows, pgliteClientOf } from './copyRows.ts'

type Executor = { execute(query: SQL): Promise<unknown> }

/** Rows must all carry the same keys (columns left out take their defaults). Conflicting rows are skipped. */
export async function bulkInsert<T extends PgTable>(
  db: Executor,
  table: T,
  rows: T['$inferInsert'][],
  chunkSize = 10_000,
): Promise<void> {
  if (!rows.length) return
  const pglite = pgliteClientOf(db)
  if (pglite && (await copyRows(pglite, table, rows))) return
  const first = rows[0] as Record<string, unknown>
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => first[key] !== undefined)
  for (let i = 0; i < rows.length; i += chunkSize) {
    const chunk = rows.slice(i, i + chunkSize) as Record<string, unknown>[]
    const selects = columns.map(([key, column]) => {
      const type = column.getSQLType().replace(/\(.*\)/, '')
      const values = chunk.map((r) => r[key] ?? null)
      // Array columns travel as comma-joined text (hex topics never contain commas).
      if (type.endsWith('[]'))
        return sql`string_to_array(unnest(${sql.param(values.map((v) => (v === null ? null : (v as string[]).join(','))))}::text[]), ',')`
      // bytea columns hold hex (`0x…`); sent as text (PGlite takes only bytes for a bytea parameter).
      if (type === 'bytea') return sql`decode(substr(unnest(${sql.param(values)}::text[]), 3), 'hex')`
      if (type === 'jsonb')
        return sql`unnest(${sql.param(values.map((v) => (v === null ? null : JSON.stringify(v))))}::text[])::jsonb`
      return sql`unnest(${sql.param(values.map((v) => (v === null ? null : String(v))))}::${sql.raw(type)}[])`
    })
    await db.execute(
      sql`insert into ${sql.identifier(getTableName(table))} (${sql.join(
        columns.map(([, c]) => sql.identifier(c.name)),
        sql`, `,
      )}) select ${sql.join(selects, sql`, `)} on conflict do nothing`,
    )
  }
}
