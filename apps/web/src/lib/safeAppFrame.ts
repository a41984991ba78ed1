// Whether this page may be running as a Safe App: read by the wallet (to connect through the host), the Safe
// views (banner) and the transaction flow (send through the host), so it lives below the features.

/** The Safe connector's id (wagmi's `safe`, RainbowKit's `safeWallet`). */
export const SAFE_CONNECTOR_ID = 'safe'

/** This page runs inside a frame (maybe a Safe host's: only the Safe connector's handshake tells). */
export const isFramed = (): boolean => typeof window !== 'undefined' && window.parent !== window
