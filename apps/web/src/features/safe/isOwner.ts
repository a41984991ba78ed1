import type { AddressEx } from '@safe-global/safe-gateway-typescript-sdk'

/** Whether `account` (any casing) is one of the Safe's owners. */
export const isOwner = (owners: readonly AddressEx[], account: string | undefined): boolean =>
  !!account && owners.some((owner) => owner.value.toLowerCase() === account.toLowerCase())

/** The badge an owner row shows: "you" for the connected wallet. */
export const youBadge = (owner: AddressEx, account: string | undefined): string | undefined =>
  isOwner([owner], account) ? 'you' : undefined
