// Signs a test account in through the gateway's SIWE routes and returns the session cookie ("name=token").
import type { LocalAccount } from 'viem'
import { createSiweMessage } from 'viem/siwe'

/** A gateway, or an app made with createApp: anything that answers requests. */
export type Requestable = { app: { request(path: string, init?: RequestInit): Response | Promise<Response> } }

export async function signIn(gateway: Requestable, account: LocalAccount, chainId = 31337): Promise<string> {
  const nonceRes = await gateway.app.request('/v1/auth/nonce')
  const { nonce } = (await nonceRes.json()) as { nonce: string }
  const message = createSiweMessage({
    domain: 'localhost',
    address: account.address,
    uri: 'http://localhost',
    version: '1',
    chainId,
    nonce,
    issuedAt: new Date(),
  })
  const res = await gateway.app.request('/v1/auth/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
  })
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
  return res.headers.get('set-cookie')?.split(';')[0] ?? ''
}

/** A JSON request carrying a session cookie (and optionally an Origin). */
export async function sessionRequest(
  gateway: Requestable,
  method: string,
  path: string,
  p: { cookie?: string; origin?: string; body?: unknown } = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (p.cookie) headers.cookie = p.cookie
  if (p.origin) headers.origin = p.origin
  const res = await gateway.app.request(path, {
    method,
    headers,
    body: p.body === undefined ? undefined : JSON.stringify(p.body),
  })
  const text = await res.text()
  let body: unknown = text
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    // CSV and other text answers stay text
  }
  return { status: res.status, body, headers: res.headers }
}
