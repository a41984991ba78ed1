import { createExternalStore } from './externalStore'

// react-toastify and its container load with the first toast (or with the wallet, whose screens toast): a first
// visit to the start page shows none. A toast asked for before the container mounts is queued by react-toastify
// and shown once it has.

const wanted = createExternalStore(false)

export type ToastKind = 'success' | 'error' | 'info'

/** Shows a toast, loading the toast library and mounting its container first if needed. */
export function showToast(kind: ToastKind, text: string): void {
  wanted.set(true)
  void import('react-toastify').then(({ toast }) => toast[kind](text))
}

/** Whether a toast has been asked for (the app then mounts the container). */
export const useToastsWanted = (): boolean => wanted.use()
