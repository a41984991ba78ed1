import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { queryOptions } from '@tanstack/react-query'
import { type Chain, type Client, isAddress, type Transport } from 'viem'
import { type EnsSource, ensSourceOf } from '../ensSource'
import { ensKeys } from './keys'

/** ENS records change rarely: a name or avatar is reused for an hour. */
const ENS_STALE_MS = 60 * 60 * 1000

export type EnsClient = Client<Transport, Chain | undefined> | undefined

const needs = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`No ${what} for ENS`)
  return value
}

/** A name (of an address) or an avatar (of a name), looked up through the chain's ENS source. */
const ensLookupOptions = (
  kind: 'name' | 'avatar',
  chainId: string,
  source: EnsSource | undefined,
  client: EnsClient,
  input: string,
) =>
  queryOptions({
    queryKey: ensKeys[kind](chainId, source?.registry ?? '', input),
    queryFn: async (): Promise<string | null> => {
      const lookup = await import('../ensLookup')
      const find = kind === 'name' ? lookup.lookupEnsName : lookup.lookupEnsAvatar
      return find(needs(client, 'client'), needs(source, 'registry'), input)
    },
    staleTime: ENS_STALE_MS,
    retry: false,
  })

export const ensNameQueryOptions = (
  chainId: string,
  source: EnsSource | undefined,
  client: EnsClient,
  address: string,
) => ensLookupOptions('name', chainId, source, client, address)

export const ensAvatarQueryOptions = (
  chainId: string,
  source: EnsSource | undefined,
  client: EnsClient,
  name: string,
) => ensLookupOptions('avatar', chainId, source, client, name)

/** The gateway's chains and the open Safe's chain (the default for an address without one). */
export type EnsScope = {
  chains: readonly Pick<ChainInfo, 'chainId' | 'ensRegistryAddress'>[]
  openChainId: string | undefined
}

/** The chain an address is looked up on and its ENS source; undefined when that chain has no registry. */
export function ensTarget(scope: EnsScope, chainId: string | undefined) {
  const id = chainId ?? scope.openChainId
  const chain = scope.chains.find((candidate) => candidate.chainId === id)
  const source = chain ? ensSourceOf(chain) : undefined
  return id && source ? { chainId: id, source } : undefined
}

/** The name query of an address: enabled only when wanted, for a valid address, on a chain with a registry. */
export function ensNameQuery(
  scope: EnsScope,
  chainId: string | undefined,
  address: string,
  client: EnsClient,
  wanted: boolean,
) {
  const target = ensTarget(scope, chainId)
  const asks = wanted && !!target && !!client && isAddress(address, { strict: false })
  return { ...ensNameQueryOptions(target?.chainId ?? '', target?.source, client, address), enabled: asks }
}

/** The avatar query of a resolved name (disabled until there is one). */
export function ensAvatarQuery(
  scope: EnsScope,
  chainId: string | undefined,
  name: string | null | undefined,
  client: EnsClient,
) {
  const target = ensTarget(scope, chainId)
  return {
    ...ensAvatarQueryOptions(target?.chainId ?? '', target?.source, client, name ?? ''),
    enabled: !!target && !!client && !!name,
  }
}
