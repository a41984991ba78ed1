// The build's files as the gateway sends them. Hashed assets never change, so their bytes are kept after their
// first read (within a bound), and those a page loads first are read at start. A file read hands its bytes back
// through the event loop, which a page's first gateway calls keep busy (PGlite works on the main thread): on a
// cold deep link to a Safe, the code its first screen waits for came after those calls' work (bench in
// Chromium: the last chunk ~100 ms after its request); kept, it goes out as its request is handled.
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

export type AssetStore = {
  /** A file's bytes (path relative to the build folder): from memory when kept. */
  read(path: string): Buffer<ArrayBuffer> | Promise<Buffer<ArrayBuffer>>
  /** Reads and keeps these files now (those missing are skipped). */
  warm(paths: readonly string[]): void
  /** Bytes kept in memory. */
  keptBytes(): number
}

export function createAssetStore(
  dir: string,
  { keep, maxKeptBytes }: { keep: (path: string) => boolean; maxKeptBytes: number },
): AssetStore {
  const kept = new Map<string, Buffer<ArrayBuffer>>()
  let total = 0
  const remember = (path: string, bytes: Buffer<ArrayBuffer>) => {
    if (kept.has(path) || !keep(path) || total + bytes.length > maxKeptBytes) return
    kept.set(path, bytes)
    total += bytes.length
  }
  return {
    read(path) {
      const hit = kept.get(path)
      if (hit) return hit
      return readFile(join(dir, path)).then((bytes) => {
        remember(path, bytes)
        return bytes
      })
    },
    warm(paths) {
      for (const path of paths) {
        if (kept.has(path)) continue
        try {
          remember(path, readFileSync(join(dir, path)) as Buffer<ArrayBuffer>)
        } catch {
          // Not in this build (e.g. no .gz of a file): read on request, if ever asked.
        }
      }
    },
    keptBytes: () => total,
  }
}
