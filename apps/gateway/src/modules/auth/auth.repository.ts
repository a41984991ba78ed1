// Sign-In with Ethereum state: single-use nonces and sessions (the cookie holds a random token, the table only
// its SHA-256), and which origins may use a session. Routes that need a session guard with
// http/requireSignedIn.ts; the cookie itself is sessionCookie.ts.

import { createHash, randomBytes } from 'node:crypto'
import { asc, count, desc, eq, gt, inArray, lte } from 'drizzle-orm'
import { type Address, getAddress } from 'viem'
import { generateSiweNonce } from 'viem/siwe'
import type { Database } from '../../db/createDatabase.ts'
import { authNonces, authSessions } from '../../db/schema.ts'
import { AuthError } from '../../http/errors.ts'
import { requestUrl } from '../../http/pagination.ts'
import { sessionToken } from './sessionCookie.ts'
import { signInHosts } from './signInHosts.ts'
import { NONCE_TTL_MS } from './siweRules.ts'

/** How long a session lasts after sign-in. */
export const SESSION_TTL_MS = 24 * 60 * 60_000
/** Outstanding nonces kept at most; beyond it the oldest go (a flood costs others a retry, never memory). */
export const MAX_NONCES = 10_000
/** Live sessions one address keeps (browsers and devices); a new sign-in past it ends the oldest. */
export const MAX_SESSIONS_PER_ADDRESS = 10

export type Session = { address: Address; chainId: number; expiresAt: number }

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')

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
      const token = sessionToken(request)
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
      const token = sessionToken(request)
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
