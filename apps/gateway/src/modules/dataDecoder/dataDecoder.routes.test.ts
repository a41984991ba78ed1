import { multiSendAbi } from '@concord/safe/contracts'
import { type Address, concat, encodeFunctionData, encodePacked, type Hex, parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createTestConfig } from '../../testing/createTestConfig.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabases.ts'

const SPENDER = '0xae9844F89D98c150F5e61bfC676D68b492155990'
const VAULT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const approve = encodeFunctionData({
  abi: parseAbi(['function approve(address spender, uint256 value)']),
  functionName: 'approve',
  args: [SPENDER.toLowerCase() as Address, 500000000000000n],
})

describe.each(testDatabaseKinds())('data-decoder route on %s', (kind) => {
  let gateway: Gateway
  let database: TestDatabase
  const post = (path: string, body: unknown) =>
    gateway.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    gateway = await createGateway(
      createTestConfig({
        databaseUrl: database.url,
        abis: [{ address: VAULT, abi: ['function approve(address operator, uint256 shares)'] }],
      }),
    )
  })
  afterAll(async () => {
    await gateway?.stop()
    await database?.drop()
  })

  it('200: DataDecoded, as the SDK posts it ({operation, data, to})', async () => {
    const res = await post('/v1/chains/31337/data-decoder', { operation: 0, data: approve, to: SPENDER })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.json()).toStrictEqual({
      method: 'approve',
      parameters: [
        { name: 'spender', type: 'address', value: SPENDER },
        { name: 'value', type: 'uint256', value: '500000000000000' },
      ],
      accuracy: 'FULL_MATCH',
    })
  })

  it('200: without `to`, with a trailing slash, and with an operator ABI bound to `to`', async () => {
    const res = await post('/v1/chains/31337/data-decoder/', { data: approve })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { method: string }).method).toBe('approve')
    const bound: any = await (
      await post('/v1/chains/31337/data-decoder', { data: approve, to: VAULT.toLowerCase(), value: '0' })
    ).json()
    expect(bound.parameters.map((p: { name: string }) => p.name)).toEqual(['operator', 'shares'])
  })

  it.each([
    ['bad hex', { data: '0xzz' }, /Invalid hex data \(data\)/],
    ['odd-length hex', { data: '0x123' }, /Invalid hex data/],
    ['missing data', { to: SPENDER }, /data/],
    ['bad to', { data: approve, to: '0x1234' }, /Invalid address \(to\)/],
  ])('422: %s', async (_, body, message) => {
    const res = await post('/v1/chains/31337/data-decoder', body)
    expect(res.status).toBe(422)
    const json = (await res.json()) as { code: number; message: string }
    expect(json.code).toBe(422)
    expect(json.message).toMatch(message)
  })

  it('404: unknown chain', async () => {
    const res = await post('/v1/chains/5/data-decoder', { data: approve })
    expect(res.status).toBe(404)
    expect(await res.json()).toStrictEqual({ code: 404, message: 'Chain 5 is not served by this gateway' })
  })

  it.each([['0x'], ['0x12345678']])('422: %s is not decodable', async (data) => {
    const res = await post('/v1/chains/31337/data-decoder', { data, to: SPENDER })
    expect(res.status).toBe(422)
    expect(await res.json()).toStrictEqual({ code: 422, message: 'Unable to decode the data' })
  })

  it('4 MiB of calldata: a normal answer or a 4xx (a body limit), never a 500', async () => {
    const big = `${approve}${'00'.repeat(4 * 1024 * 1024)}`
    for (const data of [big, `${big.slice(0, -1)}z`, `${big}0`]) {
      const res = await post('/v1/chains/31337/data-decoder', { data })
      expect(res.status, data.slice(-4)).not.toBeGreaterThanOrEqual(500)
      expect(res.status === 200 || (res.status >= 400 && res.status < 500)).toBe(true)
      const json = (await res.json()) as { code?: unknown; method?: string }
      if (res.status === 200) expect(json.method).toBe('approve')
      else expect(typeof json.code).toBe('number')
    }
  })

  it('self-nested MultiSend: answered with a bounded body', async () => {
    let data: Hex = encodeFunctionData({
      abi: multiSendAbi,
      functionName: 'multiSend',
      args: [encodePacked(['uint8', 'address', 'uint256', 'uint256', 'bytes'], [0, VAULT, 0n, 0n, '0x'])],
    })
    while (data.length < 512 * 1024) {
      const call = encodePacked(
        ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
        [1, VAULT, 0n, BigInt((data.length - 2) / 2), data],
      )
      data = encodeFunctionData({
        abi: multiSendAbi,
        functionName: 'multiSend',
        args: [concat([call, call])],
      })
    }
    const res = await post('/v1/chains/31337/data-decoder', { data })
    expect(res.status).toBe(200)
    expect((await res.text()).length).toBeLessThan(10 * data.length)
  })

  it('is in the OpenAPI document', async () => {
    const doc: any = await (await gateway.app.request('/api-json')).json()
    expect(doc.paths['/v1/chains/{chainId}/data-decoder'].post).toBeDefined()
  })
})
