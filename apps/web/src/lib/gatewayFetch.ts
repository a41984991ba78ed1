import { GatewayError, getGatewayBaseUrl } from './gateway'
import { reportGatewayAnswer, reportGatewayUnreachable } from './gatewayReach'

/**
 * A JSON call to the gateway's own routes (those the SDK does not know), sending the sign-in session cookie.
 * Failures become GatewayError with 'code: message' from the server, else the status text. A 422 body's extra
 * fields (e.g. an import's bad rows) are kept on `details`.
 */
export async function gatewayFetch<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const base = getGatewayBaseUrl()
  if (!base) throw new GatewayError('No gateway configured')
  let response: Response
  try {
    response = await fetch(`${base}${path}`, {
      method,
      credentials: 'include',
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    })
  } catch (error) {
    if ((error as Error).name === 'TypeError') reportGatewayUnreachable()
    throw new GatewayError(`Could not reach the gateway (${(error as Error).message})`, { cause: error })
  }
  reportGatewayAnswer()
  const text = await response.text().catch(() => '')
  let parsed: unknown = null
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    if (response.ok) throw new GatewayError('Invalid response content')
  }
  if (!response.ok) {
    const error = parsed as { code?: number; message?: string } | null
    throw new GatewayError(
      error?.message
        ? `${error.code ?? response.status}: ${error.message}`
        : response.statusText || 'Request failed',
      { code: error?.code ?? response.status, cause: parsed },
    )
  }
  return parsed as T
}
