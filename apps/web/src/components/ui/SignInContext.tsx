import { createContext, useContext } from 'react'

/** The Sign-In with Ethereum session with the gateway, for screens that change a Safe's team data. */
export type SignIn = {
  status: 'loading' | 'unauthenticated' | 'authenticated'
  /** The signed-in address (the connected wallet's). */
  address: string | undefined
  /** Opens the wallet dialog's sign-in step (connecting first when no wallet is connected). */
  requestSignIn(): void
  signOut(): Promise<void>
}

const none: SignIn = {
  status: 'unauthenticated',
  address: undefined,
  requestSignIn: () => {},
  signOut: async () => {},
}

export const SignInContext = createContext<SignIn>(none)

export const useSignIn = (): SignIn => useContext(SignInContext)
