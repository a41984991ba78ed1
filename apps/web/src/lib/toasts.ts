import { useSyncExternalStore } from 'react'

// react-toastify and its container load with the first toast (or with the wallet, whose screens toast): a first
// visit to the start page shows none. A toast asked for before the container mounts is queued by react-toastify
// and shown once it has.

let wanted = false
const listeners = new Set<() => void>()

export type ToastKind = 'success' | 'error' | 'info'

/** Shows a toast, loading the toast library and mounting its container first if needed. */
export function showToast(kind: ToastKind, text: string): void {
  if (!wanted) {
    wanted = true
    for (const listener of listeners) listener()
  }
  void import('react-toastify').then(({ toast }) => toast[kind](text))
}

/** Whether a toast has been asked for (the app then mounts the container). */
export const useToastsWanted = (): boolean =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => wanted,
    () => false,
  )
