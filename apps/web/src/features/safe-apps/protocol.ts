// The Safe Apps postMessage protocol from the host's side (the Safe Apps SDK's message protocol,
// @safe-global/safe-apps-sdk): which requests we accept, and the response envelope the official SDK reads.
// Framework-free, so it is unit-tested on its own.
import { getSDKVersion, Methods } from '@safe-global/safe-apps-sdk'

/**
 * The `version` of every answer: the SDK (@safe-global/safe-apps-sdk) drops any message without a string version
 * whose major is ≥ 1, so we send the version of the SDK copy we bundle (9.x).
 */
export const HOST_VERSION: string = getSDKVersion()

/** The 13 methods of the SDK's `Methods` enum, plus `getCurrentTheme` (answered like Safe{Wallet} does). */
export const APP_METHODS = [...Object.values(Methods), 'getCurrentTheme'] as const
export type AppMethod = (typeof APP_METHODS)[number]

const METHOD_SET: ReadonlySet<string> = new Set(APP_METHODS)
export const isAppMethod = (value: unknown): value is AppMethod =>
  typeof value === 'string' && METHOD_SET.has(value)

export type AppRequest = {
  id: string
  method: AppMethod
  params: unknown
  /** `env.sdkVersion` of the app's SDK; decides whether off-chain signing is allowed. */
  sdkVersion: string | undefined
}

export type SuccessResponse = { id: string; success: true; version: string; data: unknown }
export type ErrorResponse = { id: string; success: false; version: string; error: string }
export type AppResponse = SuccessResponse | ErrorResponse

export const successResponse = (id: string, data: unknown): SuccessResponse => ({
  id,
  success: true,
  version: HOST_VERSION,
  data,
})

export const errorResponse = (id: string, error: string): ErrorResponse => ({
  id,
  success: false,
  version: HOST_VERSION,
  error,
})

/**
 * An error whose message the app may read (`Transaction was rejected`, `Permissions were rejected`, a refused
 * RPC method…). Any other failure reaches the app as `Request failed`, so internals never leak into an iframe.
 */
export class AppFacingError extends Error {
  override name = 'AppFacingError'
}

export const REJECTED_TRANSACTION = 'Transaction was rejected'
export const REJECTED_PERMISSIONS = 'Permissions were rejected'
export const REQUEST_FAILED = 'Request failed'

/** Longest request id we answer: the SDK's are 10 hex characters; anything huge is not an SDK request. */
const MAX_ID_LENGTH = 128

export type ParsedMessage =
  | { kind: 'request'; request: AppRequest }
  /** Not a request we can answer at all (no id): dropped without an answer. */
  | { kind: 'ignore' }
  /** A request with an id but a method we do not serve: answered with this error instead of silence. */
  | { kind: 'invalid'; id: string; error: string }

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Reads a message the app posted. Safe{Wallet} (safe-wallet-monorepo) stays silent on an unknown or missing
 * method, which leaves the app's promise pending forever; we answer every message that carries an id.
 */
export function parseAppMessage(data: unknown): ParsedMessage {
  if (!isRecord(data)) return { kind: 'ignore' }
  const { id, method, params, env } = data
  if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH) return { kind: 'ignore' }
  // Our own answers echoed back, or another protocol's traffic on the same window.
  if ('success' in data) return { kind: 'ignore' }
  if (method === undefined) return { kind: 'invalid', id, error: 'Invalid request: no method' }
  if (!isAppMethod(method))
    return {
      kind: 'invalid',
      id,
      error: `Method not supported: ${String(method).slice(0, 64)}`,
    }
  const sdkVersion = isRecord(env) && typeof env.sdkVersion === 'string' ? env.sdkVersion : undefined
  return { kind: 'request', request: { id, method, params, sdkVersion } }
}
