// Sign-In with Ethereum state: single-use nonces and sessions (the cookie holds a random token, the table only
// its SHA-256). Other modules guard their team-data writes with requireSignedInOwner.

import { createHash, randomBytes } from 'node:crypto'
import { asc, count, desc, eq, gt, inArray, lte } from 'drizzle-orm'
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  getAddress,
} from 'viem'
import { generateSiweNonce } from 'viem/siwe'
import type { Database } from '../../db/createDatabase.ts'
import { authNonces, authSessions } from '../../db/schema.ts'
import { GatewayError } from '../../errors/GatewayError.ts'
import { requestUrl } from '../../http/pagination.ts'
import { requireChain } from '../../http/require.ts'
import { ErrorSchema, errorResponses } from '../../http/schemas.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import { readOnChainSafe } from '../../safe/onChainSafe.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import { NONCE_TTL_MS } from './siweRules.ts'

/** How long a session lasts after sign-in. */
export const SESSION_TTL_MS = 24 * 60 * 60_000
/** Outstanding nonces kept at most; beyond it the oldest go (a flood costs others a retry, never memory). */
export const MAX_NONCES = 10_000
/** Live sessions one address keeps (browsers and devices); a new sign-in past it ends the oldest. */
export const MAX_SESSIONS_PER_ADDRESS = 10
/** Plain-http cookie name; over https the `__Host-` prefix pins it to this host, Path=/ and Secure. */
export const SESSION_COOKIE = 'concord_session'
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`

/** A 401 (no valid session), 403 (not allowed) or 429 the HTTP layer answers as `{code, message}`. */
export class AuthError extends GatewayError {
  override name = 'AuthError'
  constructor(
    readonly status: 401 | 403 | 429,
    message: string,
  ) {
    super(message, { retryable: status === 429 })
  }
}

export type Session = { address: Address; chainId: number; expiresAt: number }

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')

function cookieToken(request: Request): string | undefined {
  const header = request.headers.get('cookie')
  if (!header || header.length > 8192) return undefined
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === SESSION_COOKIE || name === SECURE_SESSION_COOKIE) {
      const token = value.join('=')
      if (/^[A-Za-z0-9_-]{43}$/.test(token)) return token
    }
  }
  return undefined
}

const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]']

/**
 * The hosts a SIWE message's domain may name, from configuration only: the public URL's host and the configured
 * origins' hosts. A public URL on loopback also accepts the other loopback names on any port (a page on
 * loopback is on this machine; no remote site can be one). The request's Host header is never among them: a
 * phishing site that collected a sign-in for its own domain could otherwise replay it with that Host.
 */
export function signInHosts(publicUrl: string, origins: Iterable<string>): (domain: string) => boolean {
  const hosts = new Set([publicUrl, ...origins].map((o) => new URL(o).host.toLowerCase()))
  const loopback = LOOPBACK_HOSTNAMES.includes(new URL(publicUrl).hostname.toLowerCase())
  return (domain) => {
    const host = domain.toLowerCase()
    if (hosts.has(host)) return true
    if (!loopback || !URL.canParse(`http://${host}`)) return false
    const url = new URL(`http://${host}`)
    return LOOPBACK_HOSTNAMES.includes(url.hostname) && `http://${host}` === url.origin
  }
}

export function createAuthRepository(
  db: Database,
  options: { origins?: readonly string[]; maxNonces?: number; publicUrl?: () => string } = {},
) {
  const origins = new Set(options.origins ?? [])
  const maxNonces = options.maxNonces ?? MAX_NONCES
  const publicUrl = options.publicUrl ?? (() => 'http://127.0.0.1:3000')

  /**
   * A browser page of another origin may send our cookie along (a same-site origin, or SameSite disabled by
   * the browser): only our own origin and the configured ones may use a session.
   */
  const checkOrigin = (request: Request) => {
    const origin = request.headers.get('origin')
    if (origin === null || origin === requestUrl(request).origin || origins.has(origin)) return
    throw new AuthError(
      403,
      `Requests from ${origin.slice(0, 200)} may not use a sign-in session (not a configured origin)`,
    )
  }

  return {
    checkOrigin,
    /** Whether a SIWE message may name `domain` (configured hosts only, see signInHosts). */
    acceptsDomain(domain: string): boolean {
      return signInHosts(publicUrl(), origins)(domain)
    },

    /** A fresh nonce, valid for NONCE_TTL_MS; expired ones are pruned and the table is capped. */
    async issueNonce(now = Date.now()): Promise<string> {
      const nonce = generateSiweNonce()
      await db.transaction(async (tx) => {
        await tx.delete(authNonces).where(lte(authNonces.expiresAt, now))
        const [row] = await tx.select({ n: count() }).from(authNonces)
        const excess = (row?.n ?? 0) - maxNonces + 1
        if (excess > 0) {
          const oldest = await tx
            .select({ nonce: authNonces.nonce })
            .from(authNonces)
            .orderBy(asc(authNonces.expiresAt))
            .limit(excess)
          await tx.delete(authNonces).where(
            inArray(
              authNonces.nonce,
              oldest.map((o) => o.nonce),
            ),
          )
        }
        await tx.insert(authNonces).values({ nonce, expiresAt: now + NONCE_TTL_MS })
      })
      return nonce
    },

    /**
     * Uses up `nonce` and opens a session, in one transaction: undefined (nothing stored) when the nonce was
     * never issued, has expired or was used already.
     */
    async openSession(p: {
      nonce: string
      address: Address
      chainId: number
      now?: number
    }): Promise<{ token: string; session: Session } | undefined> {
      const now = p.now ?? Date.now()
      const token = randomBytes(32).toString('base64url')
      const session = { address: getAddress(p.address), chainId: p.chainId, expiresAt: now + SESSION_TTL_MS }
      const opened = await db.transaction(async (tx) => {
        const used = await tx
          .delete(authNonces)
          .where(eq(authNonces.nonce, p.nonce))
          .returning({ expiresAt: authNonces.expiresAt })
        if (!used[0] || used[0].expiresAt <= now) return false
        await tx.delete(authSessions).where(lte(authSessions.expiresAt, now))
        await tx.insert(authSessions).values({ tokenHash: sha256(token), createdAt: now, ...session })
        const older = await tx
          .select({ tokenHash: authSessions.tokenHash })
          .from(authSessions)
          .where(eq(authSessions.address, session.address))
          .orderBy(desc(authSessions.createdAt))
          .offset(MAX_SESSIONS_PER_ADDRESS)
        if (older.length)
          await tx.delete(authSessions).where(
            inArray(
              authSessions.tokenHash,
              older.map((o) => o.tokenHash),
            ),
          )
        return true
      })
      return opened ? { token, session } : undefined
    },

    /** The request's unexpired session, if its cookie carries one (403 from an origin that may not use it). */
    async sessionOf(request: Request, now = Date.now()): Promise<Session | undefined> {
      const token = cookieToken(request)
      if (!token) return undefined
      checkOrigin(request)
      const [row] = await db
        .select()
        .from(authSessions)
        .where(eq(authSessions.tokenHash, sha256(token)))
      if (!row || row.expiresAt <= now) return undefined
      return { address: getAddress(row.address), chainId: row.chainId, expiresAt: row.expiresAt }
    },

    /** Ends the request's session, if any. */
    async endSession(request: Request): Promise<void> {
      const token = cookieToken(request)
      if (token) await db.delete(authSessions).where(eq(authSessions.tokenHash, sha256(token)))
    },

    /** Counts, for tests and health: outstanding nonces and live sessions. */
    async counts(now = Date.now()) {
      const [[nonces], [sessions]] = await Promise.all([
        db.select({ n: count() }).from(authNonces).where(gt(authNonces.expiresAt, now)),
        db.select({ n: count() }).from(authSessions).where(gt(authSessions.expiresAt, now)),
      ])
      return { nonces: nonces?.n ?? 0, sessions: sessions?.n ?? 0 }
    },
  }
}

export type AuthRepository = ReturnType<typeof createAuthRepository>

export type SignedInOwnerDeps = { auth: AuthRepository; chains: ChainsRepository; rpc: RpcClients }

/** The signed-in address, or 401 ('Sign in with Ethereum first'). */
export async function requireSession(auth: AuthRepository, request: Request): Promise<Session> {
  const session = await auth.sessionOf(request)
  if (!session) throw new AuthError(401, 'Sign in with Ethereum first')
  return session
}

/**
 * Guards a change of a Safe's team data: the request's session must belong to a current on-chain owner of
 * `safe` (the index may be blocks behind a removal). 401 without a session, 403 for anyone else, 404 for an
 * unknown chain or an address that is no Safe. Returns the owner's address.
 */
export async function requireSignedInOwner(
  deps: SignedInOwnerDeps,
  request: Request,
  chainId: number | string,
  safe: Address,
): Promise<Address> {
  const session = await requireSession(deps.auth, request)
  const chain = await requireChain(deps.chains, chainId)
  let owners: Address[]
  try {
    owners = (await readOnChainSafe(deps.rpc.get(chain), safe)).owners
  } catch (error) {
    const notASafe =
      error instanceof BaseError &&
      error.walk(
        (e) => e instanceof ContractFunctionZeroDataError || e instanceof ContractFunctionRevertedError,
      )
    if (notASafe) throw new AuthError(403, `${safe} is not a Safe on chain ${chain.chainId}`)
    throw error
  }
  if (!owners.includes(session.address))
    throw new AuthError(403, `${session.address} is not an owner of the Safe ${safe}`)
  return session.address
}

/** The responses of a route guarded by requireOwnerOfSafeParam, for its OpenAPI entry. */
export const signedInOwnerErrors = {
  ...errorResponses,
  401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
  403: { description: 'Not an owner', content: { 'application/json': { schema: ErrorSchema } } },
} as const

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
