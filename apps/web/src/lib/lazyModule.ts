import { createExternalStore } from './externalStore'

// A module loaded on demand, rendered without a Suspense boundary: React holds back revealing a boundary's
// content for up to 300 ms after its fallback showed, and a first screen behind several lazy boundaries would
// wait that long at each. A component reads the module here and renders its own placeholder until it has come.

export type LazyModule<T> = {
  /** Starts the download (once); e.g. at boot, ahead of the render that needs it. */
  load: () => Promise<T>
  /** The module once loaded (undefined before; re-renders when it arrives). A failed load throws its error. */
  useModule: () => T | undefined
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  const state = createExternalStore<{ module?: T; error?: unknown }>({})
  let promise: Promise<T> | undefined
  const load = () => {
    promise ??= importer().then(
      (module) => {
        state.set({ module })
        return module
      },
      (error: unknown) => {
        state.set({ error })
        promise = undefined // a later render may try again
        throw error
      },
    )
    return promise
  }
  return {
    load,
    useModule: () => {
      const current = state.use()
      if (current.error !== undefined) throw current.error
      if (current.module === undefined) void load().catch(() => {})
      return current.module
    },
  }
}
