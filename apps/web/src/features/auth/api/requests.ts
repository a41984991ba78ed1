import type { createAuthenticationAdapter } from '@rainbow-me/rainbowkit'
import { createSiweMessage } from 'viem/siwe'
import { gatewayFetch } from '../../../lib/gatewayFetch'

export type AuthSession = { address: string; chainId: number }

/** RainbowKit's authentication adapter (a type only: RainbowKit loads with the wallet dialogs). */
export type SiweAdapter = ReturnType<typeof createAuthenticationAdapter<string>>

export const STATEMENT = 'Sign in to Concord to change the team data of Safes you own.'

/** `GET /v1/auth/me`: the gateway's session for this browser, or null when there is none. */
export async function fetchSession(): Promise<AuthSession | null> {
  try {
    return await gatewayFetch<AuthSession>('GET', '/v1/auth/me')
  } catch (error) {
    if ((error as { code?: number }).code === 401) return null
    throw error
  }
}

/** The EIP-4361 message for this page: its host as domain, its origin as URI. */
export function siweMessage(p: {
  address: `0x${string}`
  chainId: number
  nonce: string
  location?: Location
}) {
  const location = p.location ?? window.location
  return createSiweMessage({
    domain: location.host,
    address: p.address,
    statement: STATEMENT,
    uri: location.origin,
    version: '1',
    chainId: p.chainId,
    nonce: p.nonce,
    issuedAt: new Date(),
  })
}

/**
 * RainbowKit's authentication adapter over the gateway's SIWE routes. RainbowKit's dialog shows the steps and
 * the seed's error texts ('Error preparing message, please retry!' when getNonce or createMessage fails,
 * 'Error signing message…', 'Error verifying signature…' when verify fails or answers false).
 */
export function createSiweAdapter(on: {
  signedIn(session: AuthSession): void
  signedOut(): void
}): SiweAdapter {
  return {
    getNonce: async () => (await gatewayFetch<{ nonce: string }>('GET', '/v1/auth/nonce')).nonce,
    createMessage: ({ nonce, address, chainId }) => siweMessage({ nonce, address, chainId }),
    verify: async ({ message, signature }) => {
      await gatewayFetch('POST', '/v1/auth/verify', { message, signature })
      const session = await fetchSession()
      if (!session) return false
      on.signedIn(session)
      return true
    },
    signOut: async () => {
      try {
        await gatewayFetch('POST', '/v1/auth/logout')
      } finally {
        on.signedOut()
      }
    },
  }
}
