import type { AuthenticationStatus } from '@rainbow-me/rainbowkit'
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { isAddressEqual } from 'viem'
import { type SignIn, SignInContext } from '../../../components/ui/SignInContext'
import { requestWalletDialogs, useWalletDialogs } from '../../../lib/walletDialogs'
import { useWalletAccount } from '../../../lib/walletRuntime'
import { type AuthSession, createSiweAdapter, fetchSession } from '../api/requests'
import { SignInRequestContext } from './signInRequest'

/**
 * Sign-In with Ethereum through RainbowKit's dialog, only when asked: viewers and signers connect as before;
 * a screen that changes team data calls requestSignIn(), which loads the wallet dialogs and opens their sign-in
 * step (SignInDialog.tsx, inside the lazily mounted RainbowKit provider).
 */
export function SignInProvider({ children }: { children: ReactNode }) {
  const { address, status: walletStatus } = useWalletAccount()
  const [session, setSession] = useState<AuthSession | null | undefined>(undefined)
  const [wanted, setWanted] = useState(false)

  useEffect(() => {
    let live = true
    fetchSession()
      .then((s) => live && setSession(s))
      .catch(() => live && setSession(null))
    return () => {
      live = false
    }
  }, [])

  const signedIn = !!session && !!address && isAddressEqual(session.address as `0x${string}`, address)
  const status: AuthenticationStatus =
    session === undefined ? 'loading' : signedIn ? 'authenticated' : 'unauthenticated'

  const adapter = useMemo(
    () =>
      createSiweAdapter({
        signedIn: (s) => {
          setSession(s)
          setWanted(false)
        },
        signedOut: () => setSession(null),
      }),
    [],
  )

  // A disconnect ends the session: RainbowKit's provider does it once mounted, this until then.
  const dialogsMounted = useWalletDialogs() !== undefined
  const signOutOnDisconnect = useRef(false)
  signOutOnDisconnect.current = !dialogsMounted && !!session
  const previousWalletStatus = useRef(walletStatus)
  useEffect(() => {
    const was = previousWalletStatus.current
    previousWalletStatus.current = walletStatus
    if (was === 'connected' && walletStatus === 'disconnected' && signOutOnDisconnect.current)
      void adapter.signOut()
  }, [walletStatus, adapter])

  const signOut = useCallback(() => adapter.signOut(), [adapter])
  const value = useMemo(
    (): SignIn => ({
      status,
      address: signedIn ? session?.address : undefined,
      requestSignIn: () => {
        setWanted(true)
        requestWalletDialogs()
      },
      signOut,
    }),
    [status, signedIn, session, signOut],
  )
  const request = useMemo(() => ({ adapter, status, wanted, setWanted }), [adapter, status, wanted])

  return (
    <SignInRequestContext.Provider value={request}>
      <SignInContext.Provider value={value}>{children}</SignInContext.Provider>
    </SignInRequestContext.Provider>
  )
}
