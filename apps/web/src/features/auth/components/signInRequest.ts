import type { AuthenticationStatus } from '@rainbow-me/rainbowkit'
import { createContext } from 'react'
import type { SiweAdapter } from '../api/requests'

/**
 * What the wallet dialogs' sign-in step needs from SignInProvider: the gateway's SIWE adapter, the session's
 * status, and whether a screen asked for a sign-in that the dialog has not finished yet.
 */
export type SignInRequest = {
  adapter: SiweAdapter
  status: AuthenticationStatus
  wanted: boolean
  setWanted(wanted: boolean): void
}

export const SignInRequestContext = createContext<SignInRequest | null>(null)
