import { QueryClient, QueryObserver } from '@tanstack/react-query'
import {
  type Address,
  createClient,
  custom,
  decodeFunctionData,
  encodeFunctionResult,
  type Hex,
  parseAbi,
} from 'viem'
import { namehash } from 'viem/ens'
import { describe, expect, it } from 'vitest'
import { type EnsScope, ensAvatarQuery, ensNameQuery } from './api/queries'
import { ensSourceOf } from './ensSource'

// The client boundary is stubbed (a transport answering eth_call from a table), everything above it is real:
// TanStack Query, viem's contract calls, the lookup through the configured registry.

const REGISTRY: Address = '0x1000000000000000000000000000000000000001'
const RESOLVER: Address = '0x2000000000000000000000000000000000000002'
const ALICE: Address = '0x00000000000000000000000000000000000A11cE'
const AVATAR = 'data:image/svg+xml;base64,PHN2Zy8+'
const CANONICAL = '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e'

const abi = parseAbi([
  'function resolver(bytes32 node) view returns (address)',
  'function name(bytes32 node) view returns (string)',
  'function addr(bytes32 node) view returns (address)',
  'function text(bytes32 node, string key) view returns (string)',
])

/** A client whose node knows one ENS deployment: alice.eth ↔ `forward` (ALICE unless told). */
function stubClient({ forward = ALICE }: { forward?: Address } = {}) {
  const calls: { to: string; fn?: string }[] = []
  const reverse = namehash(`${ALICE.slice(2).toLowerCase()}.addr.reverse`)
  const alice = namehash('alice.eth')
  const client = createClient({
    transport: custom({
      async request({ method, params }) {
        if (method === 'eth_chainId') return '0x7a69'
        if (method !== 'eth_call') throw new Error(`unexpected ${method}`)
        const { to, data } = (params as [{ to: Address; data: Hex }])[0]
        let decoded: ReturnType<typeof decodeFunctionData<typeof abi>> | undefined
        try {
          decoded = decodeFunctionData({ abi, data })
        } catch {
          calls.push({ to })
          throw new Error('execution reverted')
        }
        calls.push({ to, fn: decoded.functionName })
        const node = decoded.args[0]
        const known = node === reverse || node === alice
        const result = (() => {
          switch (decoded.functionName) {
            case 'resolver':
              return known ? RESOLVER : '0x0000000000000000000000000000000000000000'
            case 'name':
              return node === reverse ? 'alice.eth' : ''
            case 'addr':
              return node === alice ? forward : '0x0000000000000000000000000000000000000000'
            case 'text':
              return node === alice ? AVATAR : ''
          }
        })()
        return encodeFunctionResult({ abi, functionName: decoded.functionName, result } as never)
      },
    }),
  })
  return { client, calls }
}

const scope = (ensRegistryAddress: string | null, chainId = '31337'): EnsScope => ({
  chains: [{ chainId, ensRegistryAddress }],
  openChainId: chainId,
})

describe('ENS names and avatars', () => {
  it('default: a chain without a registry asks nothing', async () => {
    const { client, calls } = stubClient()
    const queries = new QueryClient()
    for (const registry of [null, '', '0x0000000000000000000000000000000000000000']) {
      expect(ensSourceOf({ chainId: '31337', ensRegistryAddress: registry })).toBeUndefined()
      const name = new QueryObserver(queries, ensNameQuery(scope(registry), undefined, ALICE, client, true))
      const avatar = new QueryObserver(
        queries,
        ensAvatarQuery(scope(registry), undefined, 'alice.eth', client),
      )
      const stop = [name.subscribe(() => {}), avatar.subscribe(() => {})]
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(name.getCurrentResult().fetchStatus).toBe('idle')
      expect(name.getCurrentResult().data).toBeUndefined()
      for (const unsubscribe of stop) unsubscribe()
    }
    // A chain the gateway does not serve, or an address the book already names (not wanted): nothing either.
    for (const options of [
      ensNameQuery(scope(REGISTRY), '5', ALICE, client, true),
      ensNameQuery(scope(REGISTRY), undefined, ALICE, client, false),
    ]) {
      const observer = new QueryObserver(queries, options)
      const stop = observer.subscribe(() => {})
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(observer.getCurrentResult().fetchStatus).toBe('idle')
      stop()
    }
    expect(calls).toEqual([])
  })

  it('behavior: a configured registry is used: reverse name checked forward, then the avatar record', async () => {
    const { client, calls } = stubClient()
    const queries = new QueryClient()
    const name = await queries.fetchQuery(ensNameQuery(scope(REGISTRY), undefined, ALICE, client, true))
    expect(name).toBe('alice.eth')
    expect(calls[0]).toEqual({ to: REGISTRY, fn: 'resolver' })
    expect(new Set(calls.map((c) => c.to))).toEqual(new Set([REGISTRY, RESOLVER]))
    const avatar = await queries.fetchQuery(ensAvatarQuery(scope(REGISTRY), undefined, name, client))
    expect(avatar).toBe(AVATAR)
    // Cached: asking again goes to nobody.
    const before = calls.length
    await queries.fetchQuery(ensNameQuery(scope(REGISTRY), undefined, ALICE.toLowerCase(), client, true))
    expect(calls.length).toBe(before)
  })

  it('error: a reverse name whose forward address is another is no name', async () => {
    const { client } = stubClient({ forward: '0x00000000000000000000000000000000000B0b00' })
    const queries = new QueryClient()
    expect(await queries.fetchQuery(ensNameQuery(scope(REGISTRY), undefined, ALICE, client, true))).toBeNull()
  })

  it('behavior: ENS’s own registry on mainnet is asked through viem’s universal resolver', async () => {
    const source = ensSourceOf({ chainId: '1', ensRegistryAddress: CANONICAL })
    expect(source?.universalResolver).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const { client, calls } = stubClient()
    await new QueryClient()
      .fetchQuery(ensNameQuery(scope(CANONICAL, '1'), undefined, ALICE, client, true))
      .catch(() => null)
    expect(calls.length).toBeGreaterThan(0)
    expect(calls.every((c) => c.to.toLowerCase() === source?.universalResolver?.toLowerCase())).toBe(true)
  })
})
