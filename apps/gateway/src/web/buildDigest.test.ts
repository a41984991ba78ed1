import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BUILD_DIGEST_FILE, digestBuild, digestOf, listBuildFiles } from './buildDigest.ts'

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex')

function buildDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'concord-digest-'))
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return dir
}

describe('digestOf', () => {
  it('default: SHA-256 of the sha256sum lines sorted by path (byte order)', () => {
    const files = [
      { path: 'b.js', sha256: sha256('b') },
      { path: 'B.js', sha256: sha256('B') },
      { path: 'a/x.js', sha256: sha256('x') },
    ]
    const listing = `${sha256('B')}  B.js\n${sha256('x')}  a/x.js\n${sha256('b')}  b.js\n`
    expect(digestOf(files)).toBe(sha256(listing))
    expect(digestOf([...files].reverse())).toBe(digestOf(files))
  })

  it('behavior: a changed byte, a renamed or an added file changes the digest', () => {
    const base = digestBuild(buildDir({ 'index.html': '<html>', 'assets/a-12345678.js': '1' })).digest
    expect(digestBuild(buildDir({ 'index.html': '<html>', 'assets/a-12345678.js': '2' })).digest).not.toBe(
      base,
    )
    expect(digestBuild(buildDir({ 'index.html': '<html>', 'assets/b-12345678.js': '1' })).digest).not.toBe(
      base,
    )
    expect(
      digestBuild(buildDir({ 'index.html': '<html>', 'assets/a-12345678.js': '1', 'x.txt': '' })).digest,
    ).not.toBe(base)
    expect(digestBuild(buildDir({ 'assets/a-12345678.js': '1', 'index.html': '<html>' })).digest).toBe(base)
  })
})

describe('listBuildFiles', () => {
  it('default: every file with its hash and size, the digest file left out', () => {
    const dir = buildDir({ 'index.html': 'hi', 'apps/x/index.html': 'app', [BUILD_DIGEST_FILE]: 'old\n' })
    expect(listBuildFiles(dir)).toEqual([
      { path: 'apps/x/index.html', sha256: sha256('app'), bytes: 3 },
      { path: 'index.html', sha256: sha256('hi'), bytes: 2 },
    ])
  })

  it('behavior: coreutils compute the same digest (the command in buildDigest.ts)', () => {
    const dir = buildDir({
      'index.html': 'hi',
      'assets/Z-1.js': 'z',
      'assets/a-1.js': 'a',
      [BUILD_DIGEST_FILE]: 'x',
    })
    const out = execFileSync(
      'sh',
      [
        '-c',
        `find . -type f ! -name ${BUILD_DIGEST_FILE} -printf '%P\\n' | LC_ALL=C sort | xargs sha256sum | sha256sum`,
      ],
      { cwd: dir, encoding: 'utf8' },
    )
    expect(out.split(' ')[0]).toBe(digestBuild(dir).digest)
  })
})
