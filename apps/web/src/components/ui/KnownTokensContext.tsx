import { TRUSTED_DELEGATE_CALL_TARGETS } from '@concord/safe/contracts'
import { createContext, useContext } from 'react'

/** A token the open Safe holds or held, as the gateway's balances describe it. */
export type KnownToken = { address: string; symbol: string; name: string; decimals: number }

/**
 * The open Safe's tokens by lowercase address, so a decoded `transfer(…, 1000000)` reads "1 cUSD" and a token
 * contract reads as its name. The app provides it from the Safe's balances.
 */
export const KnownTokensContext = createContext<{
  chainId: string | undefined
  tokens: ReadonlyMap<string, KnownToken>
}>({ chainId: undefined, tokens: new Map() })

/** The open Safe's token at this address (on `chainId` when given: another chain's address is another contract). */
export const useKnownToken = (address: string | undefined, chainId?: string): KnownToken | undefined => {
  const known = useContext(KnownTokensContext)
  if (!address || (chainId !== undefined && chainId !== known.chainId)) return undefined
  return known.tokens.get(address.toLowerCase())
}

const SAFE_LIBRARIES = new Map(
  Object.entries(TRUSTED_DELEGATE_CALL_TARGETS).map(([address, name]) => [
    address.toLowerCase(),
    `Safe ${name}`,
  ]),
)

/** The name of a contract every chain has at the same address: Safe's libraries (MultiSend, SignMessageLib…). */
export const safeLibraryName = (address: string): string | undefined =>
  SAFE_LIBRARIES.get(address.toLowerCase())

/** A token's or a Safe library's name for an address, when it is one. */
export function useContractName(address: string, chainId?: string): string | undefined {
  const token = useKnownToken(address, chainId)
  return token ? `${token.name} (${token.symbol})` : safeLibraryName(address)
}
