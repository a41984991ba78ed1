import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Hex } from 'viem'

type RpcRequest = { jsonrpc: '2.0'; id: number | string; method: string; params?: unknown[] }
type EthCall = { to?: string; data?: string; input?: string }

/** What the lying node answers instead of the chain for an eth_call; undefined lets the call through. */
export type Lie = (call: { to: string; data: Hex }) => Hex | undefined

export type LyingRpc = { url: string; close(): Promise<void> }

/**
 * A JSON-RPC node for tests that forwards to `target` (the devnet) but answers some eth_calls with a lie:
 * what a gateway could point the app at by rewriting a chain's RPC URL. Single and batched requests, CORS open.
 */
export async function startLyingRpc(target: string, lie: Lie): Promise<LyingRpc> {
  const forward = async (request: RpcRequest): Promise<unknown> => {
    if (request.method === 'eth_call') {
      const call = (request.params?.[0] ?? {}) as EthCall
      const data = (call.data ?? call.input ?? '0x') as Hex
      const result = call.to ? lie({ to: call.to.toLowerCase(), data }) : undefined
      if (result !== undefined) return { jsonrpc: '2.0', id: request.id, result }
    }
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    })
    return response.json()
  }

  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-headers', 'content-type')
    res.setHeader('access-control-allow-methods', 'POST, OPTIONS')
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end()
      return
    }
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      void (async () => {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcRequest | RpcRequest[]
          const answer = Array.isArray(body) ? await Promise.all(body.map(forward)) : await forward(body)
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
        } catch (error) {
          res.writeHead(500).end(String(error))
        }
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
