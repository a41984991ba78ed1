// The 404s every route shares: a chain this gateway does not serve, an address that is not an indexed Safe
// (or, for the routes that answer with what is indexed so far, not a watched one either).
// They take lookups of this shape (the chains and safes repositories fit them), so the shared http tier needs
// nothing from the modules above it.
import { NotFoundError } from './errors.ts'

type ChainLookup<Chain> = { get(chainId: number): Promise<Chain | undefined> }
type SafeLookup<Safe> = { get(chainId: number, address: string): Promise<Safe | undefined> }

export async function requireChain<Chain>(chains: ChainLookup<Chain>, chainId: string | number) {
  const chain = await chains.get(Number(chainId))
  if (!chain) throw new NotFoundError(`Chain ${chainId} is not served by this gateway`)
  return chain
}

export async function requireSafe<Chain extends { chainId: number }, Safe>(
  deps: { chains: ChainLookup<Chain>; safes: SafeLookup<Safe> },
  chainId: string | number,
  address: string,
) {
  const chain = await requireChain(deps.chains, chainId)
  const safe = await deps.safes.get(chain.chainId, address)
  if (!safe)
    throw new NotFoundError(`No Safe at ${address} on chain ${chainId} (not deployed or not indexed yet)`)
  return { chain, safe }
}

type WatchLookup = { state(chainId: number, address: string): Promise<unknown> }

/**
 * As requireSafe, but a Safe watched and not read yet (watched mode) passes too, with `safe` undefined: the
 * routes that answer with what is indexed so far (history, balances) answer for it rather than 404.
 */
export async function requireSafeOrWatched<Chain extends { chainId: number }, Safe>(
  deps: { chains: ChainLookup<Chain>; safes: SafeLookup<Safe>; watched: WatchLookup },
  chainId: string | number,
  address: string,
): Promise<{ chain: Chain; safe: Safe | undefined }> {
  const chain = await requireChain(deps.chains, chainId)
  const safe = await deps.safes.get(chain.chainId, address)
  if (safe || (await deps.watched.state(chain.chainId, address))) return { chain, safe }
  throw new NotFoundError(`No Safe at ${address} on chain ${chainId} (not deployed or not indexed yet)`)
}
