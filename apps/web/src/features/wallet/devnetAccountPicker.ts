import { type Address, UserRejectedRequestError } from 'viem'

export type AccountPickRequest = {
  accounts: readonly Address[]
  /** The account picked last time, highlighted in the dialog. */
  lastAccount: Address | undefined
}

type Pending = AccountPickRequest & { resolve: (account: Address) => void; reject: (error: Error) => void }

/**
 * Bridges the Devnet wallet connector (which needs an account) and the React dialog that asks
 * the user for one: the connector awaits `request()`, the dialog renders the snapshot and calls
 * `choose()` or `cancel()`.
 */
export function createAccountPicker() {
  let pending: Pending | null = null
  let snapshot: AccountPickRequest | null = null
  const listeners = new Set<() => void>()

  const settle = () => {
    pending = null
    snapshot = null
    for (const listener of listeners) listener()
  }

  return {
    request(accounts: readonly Address[], lastAccount?: Address): Promise<Address> {
      // Only one connection attempt at a time; a newer one supersedes the old one.
      pending?.reject(new UserRejectedRequestError(new Error('Superseded by a newer connection request.')))
      return new Promise<Address>((resolve, reject) => {
        pending = { accounts, lastAccount, resolve, reject }
        snapshot = { accounts, lastAccount }
        for (const listener of listeners) listener()
      })
    },
    choose(account: Address): void {
      const current = pending
      if (!current) return
      if (!current.accounts.includes(account)) throw new Error(`${account} is not a devnet account`)
      settle()
      current.resolve(account)
    },
    cancel(): void {
      const current = pending
      if (!current) return
      settle()
      current.reject(new UserRejectedRequestError(new Error('No devnet account was picked.')))
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: (): AccountPickRequest | null => snapshot,
  }
}

export type AccountPicker = ReturnType<typeof createAccountPicker>

export const devnetAccountPicker = createAccountPicker()
