// eth_getLogs refusals in the providers' own words, read for the caps they state; the newest blocks of a window
// read by hash, against a stub node (the devnet test through a lagging provider is in providers.devnet.test.ts).
import { createPublicClient, custom, type Hex, pad, RpcRequestError, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { createChainReader, logsCap } from './chainReader.ts'
import { SAFE_TOPICS } from './events.ts'

describe('logsCap', () => {
  it.each([
    [
      'Alchemy: a suggested range and a 2K block range',
      'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters, this block range should work: [0x10, 0x4f]',
      { suggested: 64, maxRange: 2000 },
    ],
    [
      'Infura: a result cap with a suggested range',
      'query returned more than 10000 results. Try with this block range [0x1234, 0x1240].',
      { suggested: 13 },
    ],
    ['a hard range cap', 'In eth_getLogs, the block range is limited to 2000.', { maxRange: 2000 }],
    ['geth-style', 'exceed maximum block range: 5000', { maxRange: 5000 }],
    [
      'a range of blocks "up to"',
      'block range too large: up to 10,000 blocks per request',
      { maxRange: 10_000 },
    ],
  ])('%s', (_, message, cap) => {
    expect(logsCap(new Error(message))).toEqual(cap)
  })

  it('a result cap without a range says nothing (the window is halved)', () => {
    expect(logsCap(new Error('query returned more than 10000 results'))).toBeUndefined()
    expect(logsCap(new Error('execution reverted'))).toBeUndefined()
  })
})

/** A node of blocks 0…head whose eth_getLogs by hash answers as `byHash` says; one Safe log per block. */
function stubNode(byHash: (hash: Hex) => 'logs' | 'other-block' | Error) {
  const asked: string[] = []
  const hashOf = (n: number) => pad(toHex(n + 1))
  const logAt = (n: number) => ({
    address: '0x00000000000000000000000000000000000000aa',
    topics: [(SAFE_TOPICS as Hex[])[0]],
    data: '0x',
    blockNumber: toHex(n),
    blockHash: hashOf(n),
    logIndex: '0x0',
    transactionHash: pad('0x1'),
    transactionIndex: '0x0',
  })
  const request = async ({ method, params }: { method: string; params: unknown[] }) => {
    if (method === 'eth_getBlockByNumber') return { hash: hashOf(Number(params[0])), timestamp: '0x1' }
    const filter = params[0] as { blockHash?: Hex; fromBlock?: Hex; toBlock?: Hex; topics: unknown[] }
    const isTransfers = filter.topics[0] !== SAFE_TOPICS
    if (filter.blockHash) {
      asked.push(`hash ${Number(filter.blockHash) - 1}`)
      const answer = byHash(filter.blockHash)
      if (answer instanceof Error) throw answer
      const n = Number(filter.blockHash) - 1
      return isTransfers ? [] : [logAt(answer === 'logs' ? n : n - 1)]
    }
    asked.push(`range ${Number(filter.fromBlock)}-${Number(filter.toBlock)}`)
    const out = []
    if (!isTransfers)
      for (let n = Number(filter.fromBlock); n <= Number(filter.toBlock); n++) out.push(logAt(n))
    return out
  }
  const client = createPublicClient({ transport: custom({ request: request as never }, { retryCount: 0 }) })
  return { reader: createChainReader(client as never, { initialWindow: 10, maxWindow: 10 }), asked }
}

const refusal = (message: string) =>
  new RpcRequestError({ body: {}, url: 'stub', error: { code: -32000, message } })

describe('the newest blocks of a window', () => {
  it('are read one by one by hash, the rest as a range', async () => {
    const { reader, asked } = stubNode(() => 'logs')
    const window = await reader.fetchWindow(1, 10)
    expect(window.logs.map((l) => l.blockNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(new Set(asked)).toEqual(new Set(['range 1-8', 'hash 9', 'hash 10']))
  })

  it('a hash the node does not know, or logs of another block: retried later, not recorded without them', async () => {
    for (const answer of [refusal('unknown block'), 'other-block' as const]) {
      const { reader } = stubNode(() => answer)
      await expect(reader.fetchWindow(1, 10)).rejects.toThrow(/block (9|10)'s logs are not served yet/)
    }
  })

  it('a node that takes no block hash: the newest blocks as ranges, and no hash asked again', async () => {
    const { reader, asked } = stubNode(() => refusal('invalid argument 0: unknown field "blockHash"'))
    const first = await reader.fetchWindow(1, 10)
    expect(first.logs.map((l) => l.blockNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    asked.length = 0
    await reader.fetchWindow(11, 12)
    expect(asked.every((a) => a.startsWith('range'))).toBe(true)
  })
})
