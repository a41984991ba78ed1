// A JSON request to a gateway app in tests: the status and the parsed body (null for an empty one).
import type { Gateway } from '../createGateway.ts'

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
export type JsonAnswer = { status: number; body: any }

export async function jsonRequest(
  gateway: Gateway,
  method: string,
  path: string,
  body?: unknown,
): Promise<JsonAnswer> {
  const res = await gateway.app.request(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}
