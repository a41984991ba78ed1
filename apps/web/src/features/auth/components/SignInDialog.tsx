import { RainbowKitAuthenticationProvider, useConnectModal } from '@rainbow-me/rainbowkit'
import { type ReactNode, useContext, useEffect, useRef } from 'react'
import { SignInRequestContext } from './signInRequest'

function useSignInRequest() {
  const request = useContext(SignInRequestContext)
  if (!request) throw new Error('the wallet dialogs mount inside SignInProvider')
  return request
}

/** The sign-in step of RainbowKit's dialog over SignInProvider's session; goes outside RainbowKitProvider. */
export function SignInAuthentication({ children }: { children: ReactNode }) {
  const { adapter, status, wanted } = useSignInRequest()
  return (
    <RainbowKitAuthenticationProvider
      adapter={adapter}
      status={status}
      enabled={wanted || status === 'authenticated'}
    >
      {children}
    </RainbowKitAuthenticationProvider>
  )
}

/** Inside RainbowKitProvider: opens the wallet dialog (its sign-in step) when a sign-in is requested. */
export function SignInModalOpener() {
  const { wanted, setWanted } = useSignInRequest()
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
