// An in-memory PGlite keeps each file of the database in one Uint8Array that Emscripten's MEMFS grows by 12.5%
// past 1 MB, copying the whole file each time: a table growing to 30 MB is copied ~30 times (a 10,000-execution
// backfill spent 120–240 ms of ~2.5 s there). Growing by half instead copies each byte about twice in all, for
// at most a third of the file as slack. Data folders (NODEFS) are files on disk and are not touched.

type MemfsNode = { contents: Uint8Array | null; usedBytes: number }
type Memfs = { expandFileStorage(node: MemfsNode, capacity: number): void }

const GROWTH = 1.5

/** The MEMFS of a PGlite instance (an internal of its Emscripten module), or undefined if it moved. */
export function memfsOf(client: unknown): Memfs | undefined {
  const memfs = (client as { mod?: { MEMFS?: Partial<Memfs> } }).mod?.MEMFS
  return typeof memfs?.expandFileStorage === 'function' ? (memfs as Memfs) : undefined
}

/** Makes the in-memory files of `client` grow geometrically by half; false if its MEMFS was not found. */
export function growMemoryFilesByHalf(client: unknown): boolean {
  const memfs = memfsOf(client)
  if (!memfs) return false
  memfs.expandFileStorage = (node, capacity) => {
    const previous = node.contents?.length ?? 0
    if (previous >= capacity) return
    const grown = new Uint8Array(Math.max(capacity, Math.floor(previous * GROWTH), 256))
    if (node.contents) grown.set(node.contents.subarray(0, node.usedBytes))
    node.contents = grown
  }
  return true
}
