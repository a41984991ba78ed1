// The in-memory PGlite's files grow by half (memfsGrowth.ts) and the database still reads back what it wrote.
import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { growMemoryFilesByHalf, memfsOf } from './memfsGrowth.ts'

describe('growMemoryFilesByHalf', () => {
  it("finds PGlite's MEMFS and grows a file by half, keeping its bytes", async () => {
    const client = await PGlite.create()
    try {
      expect(growMemoryFilesByHalf(client)).toBe(true)
      const memfs = memfsOf(client)
      const node = { contents: new Uint8Array([1, 2, 3, 4]) as Uint8Array | null, usedBytes: 3 }
      memfs?.expandFileStorage(node, 5)
      expect(node.contents?.length).toBe(256)
      expect([...(node.contents?.subarray(0, 3) ?? [])]).toEqual([1, 2, 3])
      node.contents = new Uint8Array(4_000_000)
      node.usedBytes = 4_000_000
      memfs?.expandFileStorage(node, 4_000_001)
      expect(node.contents.length).toBe(6_000_000)
      // A table several MB large, written and read back through the patched files.
      await client.exec(`create table t (n int, s text);
        insert into t select n, repeat(md5(n::text), 20) from generate_series(1, 20000) n`)
      const { rows } = await client.query<{ c: number; l: number }>(
        'select count(*)::int c, sum(length(s))::int l from t',
      )
      expect(rows[0]).toEqual({ c: 20000, l: 20000 * 640 })
    } finally {
      await client.close()
    }
  })
})
