// The rebuild decision of scripts/run.mjs, plain JavaScript because it runs before anything is compiled.
// A bundle is current when its stamp was written by this bundler version and format, and every source file it
// was built from still has the modification time it had then (a new import shows as a change to an old file).
import { readFileSync, statSync } from 'node:fs'

/** Bump when the bundle's options change: older bundles are rebuilt. */
export const BUNDLE_FORMAT = 1

/**
 * @typedef {{ format: number, esbuild: string, entry: string, inputs: Record<string, number> }} Stamp
 * @param {Stamp | undefined} stamp what the last build recorded (undefined: none)
 * @param {{ entry: string, esbuild: string, mtime: (path: string) => number | undefined }} now
 * @returns {string | undefined} why the bundle must be rebuilt, or undefined when it is current
 */
export function rebuildReason(stamp, now) {
  if (!stamp) return 'no bundle yet'
  if (stamp.format !== BUNDLE_FORMAT) return 'bundle format changed'
  if (stamp.esbuild !== now.esbuild) return 'esbuild version changed'
  if (stamp.entry !== now.entry) return 'another entry'
  const files = Object.keys(stamp.inputs)
  if (!files.length) return 'stamp lists no sources'
  for (const file of files) {
    const mtime = now.mtime(file)
    if (mtime === undefined) return `${file} is gone`
    if (mtime !== stamp.inputs[file]) return `${file} changed`
  }
  return undefined
}

/** @param {string} path @returns {number | undefined} */
export function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs
  } catch {
    return undefined
  }
}

/** @param {string} path @returns {Stamp | undefined} */
export function readStamp(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}
