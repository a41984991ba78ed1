import {
  type AuthenticationStatus,
  RainbowKitAuthenticationProvider,
  useConnectModal,
} from '@rainbow-me/rainbowkit'
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { isAddressEqual } from 'viem'
import { useAccount } from 'wagmi'
import { type SignIn, SignInContext } from '../../../components/ui/SignInContext'
import { type AuthSession, createSiweAdapter, fetchSession } from '../api'

/** Whether a screen asked for a sign-in that the dialog has not finished yet. */
const RequestContext = createContext<{ wanted: boolean; setWanted(wanted: boolean): void }>({
  wanted: false,
  setWanted: () => {},
})

/**
 * Sign-In with Ethereum through RainbowKit's dialog, only when asked: viewers and signers connect as before;
 * a screen that changes team data calls requestSignIn(). Goes outside RainbowKitProvider; put
 * <SignInModalOpener/> inside it.
 */
export function SignInProvider({ children }: { children: ReactNode }) {
  const { address } = useAccount()
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
  const signOut = useCallback(() => adapter.signOut(), [adapter])
  const value = useMemo(
    (): SignIn => ({
      status,
      address: signedIn ? session?.address : undefined,
      requestSignIn: () => setWanted(true),
      signOut,
    }),
    [status, signedIn, session, signOut],
  )
  const request = useMemo(() => ({ wanted, setWanted }), [wanted])

  return (
    <RainbowKitAuthenticationProvider
      adapter={adapter}
      status={status}
      enabled={wanted || status === 'authenticated'}
    >
      <RequestContext.Provider value={request}>
        <SignInContext.Provider value={value}>{children}</SignInContext.Provider>
      </RequestContext.Provider>
    </RainbowKitAuthenticationProvider>
  )
}

/** Inside RainbowKitProvider: opens the wallet dialog (its sign-in step) when a sign-in is requested. */
export function SignInModalOpener() {
  const { wanted, setWanted } = useContext(RequestContext)
  const { openConnectModal, connectModalOpen } = useConnectModal()
  const opened = useRef(false)
  const seenOpen = useRef(false)
  useEffect(() => {
    if (!wanted) opened.current = false
    if (!wanted || opened.current || !openConnectModal) return
    // RainbowKit closes its dialogs when the status turns 'unauthenticated' (in an effect after this one):
    // open it once that has run.
    const timer = setTimeout(() => {
      opened.current = true
      openConnectModal()
    }, 0)
    return () => clearTimeout(timer)
  }, [wanted, openConnectModal])
  // The dialog closed (signed in, or given up): the request is over.
  useEffect(() => {
    if (connectModalOpen) seenOpen.current = true
    else if (seenOpen.current) {
      seenOpen.current = false
      opened.current = false
      setWanted(false)
    }
  }, [connectModalOpen, setWanted])
  return null
}
