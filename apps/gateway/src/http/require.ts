// The 404s every route shares: a chain this gateway does not serve, an address that is not an indexed Safe.
import type { ChainsRepository } from '../modules/chains/chains.repository.ts'
import type { SafesRepository } from '../modules/safes/safes.repository.ts'
import { NotFoundError } from './errors.ts'

export async function requireChain(chains: ChainsRepository, chainId: string | number) {
  const chain = await chains.get(Number(chainId))
  if (!chain) throw new NotFoundError(`Chain ${chainId} is not served by this gateway`)
  return chain
}

export async function requireSafe(
  deps: { chains: ChainsRepository; safes: SafesRepository },
  chainId: string | number,
  address: string,
) {
  const chain = await requireChain(deps.chains, chainId)
  const safe = await deps.safes.get(chain.chainId, address)
  if (!safe)
    throw new NotFoundError(`No Safe at ${address} on chain ${chainId} (not deployed or not indexed yet)`)
  return { chain, safe }
}
