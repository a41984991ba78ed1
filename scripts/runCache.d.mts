export const BUNDLE_FORMAT: number
export type Stamp = { format: number; esbuild: string; entry: string; inputs: Record<string, number> }
export function rebuildReason(
  stamp: Stamp | undefined,
  now: { entry: string; esbuild: string; mtime: (path: string) => number | undefined },
): string | undefined
export function mtimeOf(path: string): number | undefined
export function readStamp(path: string): Stamp | undefined
