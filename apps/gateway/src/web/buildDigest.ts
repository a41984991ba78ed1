// One digest of a whole web build, so a user can compare the build a gateway serves with the published one.
// It is the SHA-256 of the `sha256sum` listing of every file, sorted by path: anyone can recompute it with
//   cd apps/web/dist && find . -type f ! -name build-digest.txt -printf '%P\n' | LC_ALL=C sort | xargs sha256sum | sha256sum
// The web build writes it to build-digest.txt; the gateway recomputes it from what it serves and logs it.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Where the build records its digest (left out of the digest itself). */
export const BUILD_DIGEST_FILE = 'build-digest.txt'

export type BuildFile = {
  /** Path relative to the build's root, with `/` separators. */
  path: string
  /** SHA-256 of the file's bytes, hex. */
  sha256: string
  bytes: number
}

export type BuildDigest = { digest: string; files: BuildFile[] }

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex')

/** Byte order of the paths (what `LC_ALL=C sort` gives), not the locale's. */
const byPath = (a: { path: string }, b: { path: string }) =>
  Buffer.compare(Buffer.from(a.path), Buffer.from(b.path))

/** The digest of a list of files (in any order): SHA-256 over their `sha256sum` lines sorted by path. */
export function digestOf(files: readonly Pick<BuildFile, 'path' | 'sha256'>[]): string {
  return sha256(
    [...files]
      .sort(byPath)
      .map((f) => `${f.sha256}  ${f.path}\n`)
      .join(''),
  )
}

/** Every file under `dir` but the digest file, hashed, sorted by path. */
export function listBuildFiles(dir: string): BuildFile[] {
  const files: BuildFile[] = []
  const walk = (sub: string) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const path = sub ? `${sub}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(path)
      else if (entry.isFile() && path !== BUILD_DIGEST_FILE) {
        const bytes = readFileSync(join(dir, path))
        files.push({ path, sha256: sha256(bytes), bytes: bytes.length })
      }
    }
  }
  walk('')
  return files.sort(byPath)
}

/** The digest of the build in `dir` and its files. */
export function digestBuild(dir: string): BuildDigest {
  const files = listBuildFiles(dir)
  return { digest: digestOf(files), files }
}
