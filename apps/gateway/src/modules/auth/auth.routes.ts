// Sign-In with Ethereum (EIP-4361), the Safe Client Gateway's auth routes: GET nonce, POST verify (sets an
// httpOnly session cookie), plus GET me and POST logout. The cookie is SameSite=Strict: the web app calls the
// API from its own origin (or a configured same-site one), so no cross-site request ever needs it, and
// Strict keeps it off every request another site starts, navigations included.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { type Address, type Hex, isAddressEqual, recoverMessageAddress } from 'viem'
import { type BudgetSettings, clientOf, createClientBudget } from '../../http/clientBudget.ts'
import { AuthError } from '../../http/errors.ts'
import { requireSession } from '../../http/requireSignedIn.ts'
import { ErrorSchema, errorResponses, jsonResponse as json } from '../../http/schemas.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import { type AuthRepository, SESSION_TTL_MS } from './auth.repository.ts'
import { clearSessionCookies, setSessionCookie } from './sessionCookie.ts'
import { checkSiweMessage, SiweRuleError } from './siweRules.ts'

const authErrors = {
  ...errorResponses,
  401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
  403: { description: 'Not allowed', content: { 'application/json': { schema: ErrorSchema } } },
} as const

const VerifyBody = z
  .object({
    message: z.string().min(1).max(4096, 'Message too long'),
    signature: z
      .string()
      .max(2 + 2 * 8192, 'Signature too long')
      .regex(/^0x([0-9a-fA-F]{2})+$/, 'Invalid signature (hex expected)'),
  })
  .openapi('SiweVerify')
const MeSchema = z.object({ address: z.string(), chainId: z.number().int() }).openapi('AuthMe')

const nonce = createRoute({
  method: 'get',
  path: '/v1/auth/nonce',
  tags: ['auth'],
  responses: { 200: json(z.object({ nonce: z.string() }), 'A single-use nonce (10 minutes)'), ...authErrors },
})
const verify = createRoute({
  method: 'post',
  path: '/v1/auth/verify',
  tags: ['auth'],
  request: { body: { content: { 'application/json': { schema: VerifyBody } }, required: true } },
  responses: { 200: { description: 'Signed in (session cookie set, empty body)' }, ...authErrors },
})
const me = createRoute({
  method: 'get',
  path: '/v1/auth/me',
  tags: ['auth'],
  responses: { 200: json(MeSchema, 'The signed-in account'), ...authErrors },
})
const logout = createRoute({
  method: 'post',
  path: '/v1/auth/logout',
  tags: ['auth'],
  responses: { 200: { description: 'Signed out (empty body)' }, ...authErrors },
})

/** Whether `address` signed `message`: an EOA's ECDSA signature, else EIP-1271/6492 through the chain. */
async function signedBy(
  rpc: RpcClients,
  chain: { chainId: number; rpcUrl: string[] },
  address: Address,
  message: string,
  signature: Hex,
): Promise<boolean> {
  try {
    if (isAddressEqual(await recoverMessageAddress({ message, signature }), address)) return true
  } catch {
    // not a 65-byte ECDSA signature: maybe a contract's
  }
  try {
    return await rpc.get(chain).verifyMessage({ address, message, signature })
  } catch {
    return false
  }
}

/** Sign-ins a client may attempt: 30 at once, then one every 2 s. */
export const SIGN_IN_BUDGET: BudgetSettings = { capacity: 30, refillPerSecond: 1 / 2 }

export function createAuthRoutes(deps: {
  auth: AuthRepository
  chains: ChainsRepository
  rpc: RpcClients
  signInBudget?: BudgetSettings | undefined
}) {
  const { auth } = deps
  // Each sign-in checks a signature (maybe through the chain) and stores a session: bounded per client.
  const signIns = createClientBudget('signing in', deps.signInBudget ?? SIGN_IN_BUDGET)

  return new OpenAPIHono()
    .openapi(nonce, async (c) => {
      auth.checkOrigin(c.req.raw)
      return c.json({ nonce: await auth.issueNonce() }, 200)
    })
    .openapi(verify, async (c) => {
      auth.checkOrigin(c.req.raw)
      signIns.spend(clientOf(c.req.raw), 1)
      const body = c.req.valid('json')
      const now = Date.now()
      let fields: ReturnType<typeof checkSiweMessage>
      try {
        fields = checkSiweMessage(body.message, { acceptsDomain: auth.acceptsDomain, now })
      } catch (error) {
        if (error instanceof SiweRuleError) throw new AuthError(401, error.message)
        throw error
      }
      const chain = await deps.chains.get(fields.chainId)
      if (!chain) throw new AuthError(401, `Wrong chain: ${fields.chainId} is not served by this gateway`)
      if (!(await signedBy(deps.rpc, chain, fields.address, body.message, body.signature as Hex)))
        throw new AuthError(401, `Invalid signature: the message was not signed by ${fields.address}`)
      const opened = await auth.openSession({ ...fields, now })
      if (!opened)
        throw new AuthError(401, 'Unknown, expired or already used nonce: request a new nonce and sign again')
      setSessionCookie(c, opened.token, SESSION_TTL_MS)
      return c.body(null, 200)
    })
    .openapi(me, async (c) => {
      const session = await requireSession(auth, c.req.raw)
      return c.json({ address: session.address, chainId: session.chainId }, 200)
    })
    .openapi(logout, async (c) => {
      auth.checkOrigin(c.req.raw)
      await auth.endSession(c.req.raw)
      clearSessionCookies(c)
      return c.body(null, 200)
    })
}
