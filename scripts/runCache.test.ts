import { describe, expect, it } from 'vitest'
import { BUNDLE_FORMAT, rebuildReason, type Stamp } from './runCache.mjs'

const stamp: Stamp = {
  format: BUNDLE_FORMAT,
  esbuild: '0.28.2',
  entry: '/repo/scripts/start.ts',
  inputs: { '/repo/scripts/start.ts': 100, '/repo/apps/gateway/src/main.ts': 200 },
}
const now = (overrides: Record<string, number | undefined> = {}) => {
  const times: Record<string, number | undefined> = { ...stamp.inputs, ...overrides }
  return { entry: stamp.entry, esbuild: '0.28.2', mtime: (path: string) => times[path] }
}

describe('rebuildReason (scripts/run.mjs)', () => {
  it('keeps a bundle whose sources all have their recorded times', () => {
    expect(rebuildReason(stamp, now())).toBeUndefined()
  })

  it('rebuilds without a stamp, or with one of another format, esbuild or entry', () => {
    expect(rebuildReason(undefined, now())).toBe('no bundle yet')
    expect(rebuildReason({ ...stamp, format: BUNDLE_FORMAT - 1 }, now())).toBe('bundle format changed')
    expect(rebuildReason(stamp, { ...now(), esbuild: '0.29.0' })).toBe('esbuild version changed')
    expect(rebuildReason(stamp, { ...now(), entry: '/repo/apps/gateway/src/main.ts' })).toBe('another entry')
  })

  it('rebuilds when a source changed (either way in time) or is gone', () => {
    expect(rebuildReason(stamp, now({ '/repo/apps/gateway/src/main.ts': 201 }))).toBe(
      '/repo/apps/gateway/src/main.ts changed',
    )
    // A checkout can give a file an older time than the bundle's: still a change.
    expect(rebuildReason(stamp, now({ '/repo/scripts/start.ts': 50 }))).toBe('/repo/scripts/start.ts changed')
    expect(rebuildReason(stamp, now({ '/repo/scripts/start.ts': undefined }))).toBe(
      '/repo/scripts/start.ts is gone',
    )
  })

  it('does not trust a stamp that lists no sources', () => {
    expect(rebuildReason({ ...stamp, inputs: {} }, now())).toBe('stamp lists no sources')
  })
})
