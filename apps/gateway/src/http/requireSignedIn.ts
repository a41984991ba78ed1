// The guards of routes that need a Sign-In with Ethereum session: the session itself (401), and for team data a
// session of a current on-chain owner of the Safe (403 for anyone else). Like require.ts they take lookups of
// this shape (the auth and chains repositories fit them), so the shared http tier needs nothing from the modules.
import type { Address } from 'viem'
import type { RpcClients } from '../rpc/rpcClient.ts'
import { readOnChainOwners } from '../safe/onChainOwners.ts'
import { AuthError } from './errors.ts'
import { requireChain } from './require.ts'

type SessionLookup<Session> = { sessionOf(request: Request): Promise<Session | undefined> }
type RpcChain = Parameters<RpcClients['get']>[0]

/** What requireSignedInOwner reads: the request's session, the chain, and the chain's node. */
export type SignedInOwnerDeps = {
  auth: SessionLookup<{ address: Address }>
  chains: { get(chainId: number): Promise<RpcChain | undefined> }
  rpc: RpcClients
}

/** The signed-in address, or 401 ('Sign in with Ethereum first'). */
export async function requireSession<Session>(
  auth: SessionLookup<Session>,
  request: Request,
): Promise<Session> {
  const session = await auth.sessionOf(request)
  if (!session) throw new AuthError(401, 'Sign in with Ethereum first')
  return session
}

/**
 * Guards a change of a Safe's team data: the request's session must belong to a current on-chain owner of
 * `safe` (the index may be blocks behind a removal). 401 without a session, 404 for a chain not served, 403 for
 * an address that is no Safe and for anyone but an owner. Returns the owner's address.
 */
export async function requireSignedInOwner(
  deps: SignedInOwnerDeps,
  request: Request,
  chainId: number | string,
  safe: Address,
): Promise<Address> {
  const session = await requireSession(deps.auth, request)
  const chain = await requireChain(deps.chains, chainId)
  const owners = await readOnChainOwners(deps.rpc.get(chain), safe)
  if (!owners) throw new AuthError(403, `${safe} is not a Safe on chain ${chain.chainId}`)
  if (!owners.includes(session.address))
    throw new AuthError(403, `${session.address} is not an owner of the Safe ${safe}`)
  return session.address
}

/**
 * requireSignedInOwner for a route under `/chains/{chainId}/safes/{safeAddress}` (its SafeParams): the chain
 * id as the number the store keys on, the Safe, and the signed-in owner's address.
 */
export async function requireOwnerOfSafeParam(
  deps: SignedInOwnerDeps,
  request: Request,
  params: { chainId: string; safeAddress: Address },
): Promise<{ chainId: number; safe: Address; owner: Address }> {
  const owner = await requireSignedInOwner(deps, request, params.chainId, params.safeAddress)
  return { chainId: Number(params.chainId), safe: params.safeAddress, owner }
}
