// The session cookie: its names, the token a request carries, and setting or clearing it on an answer
// (httpOnly and SameSite=Strict, see auth.routes.ts).
import type { Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import { requestUrl } from '../../http/pagination.ts'

/** Plain-http cookie name; over https the `__Host-` prefix pins it to this host, Path=/ and Secure. */
export const SESSION_COOKIE = 'concord_session'
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`

/** The session token the request's cookie carries (43 base64url characters), if any. */
export function sessionToken(request: Request): string | undefined {
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

const secure = (c: Context) => requestUrl(c.req.raw).protocol === 'https:'

/** Sets the session cookie (the `__Host-` one over https) for `maxAgeMs`. */
export function setSessionCookie(c: Context, token: string, maxAgeMs: number): void {
  const name = secure(c) ? SECURE_SESSION_COOKIE : SESSION_COOKIE
  setCookie(c, name, token, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: secure(c),
    path: '/',
    maxAge: maxAgeMs / 1000,
  })
}

/** Clears the session cookie (and, over https, the `__Host-` one). */
export function clearSessionCookies(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/' })
  if (secure(c)) deleteCookie(c, SECURE_SESSION_COOKIE, { path: '/', secure: true })
}
