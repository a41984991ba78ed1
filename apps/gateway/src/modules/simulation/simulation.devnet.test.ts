// POST /v1/chains/{chainId}/safes/{safeAddress}/simulations against a real node, on the demo Safes of both
// versions (solo: SafeL2 1.4.1, mainnet: the non-L2 GnosisSafe 1.3.0) and on both devnet engines: the
// simulation is one eth_call with state overrides, so the chain is the same afterwards.
import {
  type DemoSafe,
  type Devnet,
  type DevnetEngine,
  encodeMultiSend,
  startDevnet,
  testAccount,
} from '@concord/devnet'
import { erc20Abi, safeAbi, safeContracts } from '@concord/safe/contracts'
import { type Address, encodeFunctionData, getAddress, type Hex, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'

type Body = { to: string; value: string; data: Hex | null; operation: 0 | 1 }
type Result = {
  success: boolean
  revertReason: string | null
  gasUsed: string
  balanceChanges: {
    tokenAddress: string | null
    symbol: string
    decimals: number
    before: string
    after: string
    change: string
  }[]
}

const transferData = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })

describe.each<DevnetEngine>(['anvil', 'hardhat'])('simulations on the %s devnet', (engine) => {
  let devnet: Devnet
  let gateway: Gateway
  let usd: Address
  let recipient: Address
  let stateBefore: unknown
  const safe = (name: 'solo' | 'mainnet') => devnet.scenario?.safes[name] as DemoSafe

  const post = (safeAddress: string, body: unknown, chainId = '31337') =>
    gateway.app.request(`/v1/chains/${chainId}/safes/${safeAddress}/simulations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const simulate = async (safeAddress: Address, body: Body) => {
    const res = await post(safeAddress, body)
    expect(res.status, await res.clone().text()).toBe(200)
    return (await res.json()) as Result
  }
  const balances = async (address: Address) => ({
    native: await devnet.client.getBalance({ address }),
    usd: await devnet.client.readContract({
      address: usd,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    }),
  })
  /** What a simulation must not change: the head, and the Safes' balances, nonces and modules. */
  const chainState = async () => ({
    block: await devnet.client.getBlockNumber(),
    safes: await Promise.all(
      (['solo', 'mainnet'] as const).map(async (name) => {
        const address = safe(name).address
        const [modules] = await devnet.client.readContract({
          address,
          abi: safeAbi,
          functionName: 'getModulesPaginated',
          args: ['0x0000000000000000000000000000000000000001', 10n],
        })
        const nonce = await devnet.client.readContract({ address, abi: safeAbi, functionName: 'nonce' })
        return { ...(await balances(address)), nonce, modules }
      }),
    ),
  })

  beforeAll(async () => {
    devnet = await startDevnet({ port: 0, engine })
    usd = getAddress(devnet.assets!.usd)
    recipient = devnet.scenario!.recipient
    gateway = await createGateway(createDevnetTestConfig(devnet))
    await gateway.indexers.get(31337)?.sync()
    // solo never held cUSD until now, and the gateway has not indexed this: its cUSD balance is read because
    // the simulated transaction calls the token, not because the index lists it.
    const hash = await devnet.client.writeContract({
      account: testAccount(0).address,
      chain: devnet.client.chain,
      address: usd,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [safe('solo').address, 1_000n * 10n ** 6n],
    })
    await devnet.client.waitForTransactionReceipt({ hash })
    stateBefore = await chainState()
  })
  afterAll(async () => {
    await gateway?.stop()
    await devnet?.stop()
  })

  describe.each(['solo', 'mainnet'] as const)('the %s Safe', (name) => {
    it('default: an ETH transfer lowers the native balance', async () => {
      const { address } = safe(name)
      const { native } = await balances(address)
      const value = parseEther('0.1')
      const result = await simulate(address, { to: recipient, value: `${value}`, data: null, operation: 0 })
      expect(result).toEqual({
        success: true,
        revertReason: null,
        gasUsed: expect.stringMatching(/^[1-9]\d*$/),
        balanceChanges: [
          {
            tokenAddress: null,
            symbol: 'ETH',
            decimals: 18,
            before: `${native}`,
            after: `${native - value}`,
            change: `${-value}`,
          },
        ],
      })
    })

    it('args: a cUSD transfer changes the token balance', async () => {
      const { address } = safe(name)
      const before = (await balances(address)).usd
      const amount = 25n * 10n ** 6n
      const result = await simulate(address, {
        to: usd,
        value: '0',
        data: transferData(recipient, amount),
        operation: 0,
      })
      expect(result.success).toBe(true)
      expect(result.revertReason).toBeNull()
      expect(BigInt(result.gasUsed)).toBeGreaterThan(20_000n)
      expect(result.balanceChanges).toEqual([
        {
          tokenAddress: usd,
          symbol: 'cUSD',
          decimals: 6,
          before: `${before}`,
          after: `${before - amount}`,
          change: `-${amount}`,
        },
      ])
    })

    it('args: a MultiSend batch (DELEGATECALL) with ETH and cUSD, native first', async () => {
      const { address, version } = safe(name)
      // MultiSendCallOnly for the 1.4.1 Safe, MultiSend for the 1.3.0 one: both are delegatecalled.
      const contracts = safeContracts[version]
      const to = name === 'solo' ? contracts.multiSendCallOnly : contracts.multiSend
      const { native, usd: tokens } = await balances(address)
      const value = parseEther('0.2')
      const amount = 7n * 10n ** 6n
      const data = encodeMultiSend([
        { to: usd, data: transferData(recipient, amount) },
        { to: recipient, value },
      ])
      const result = await simulate(address, { to, value: '0', data, operation: 1 })
      expect(result.success).toBe(true)
      expect(result.balanceChanges.map((c) => [c.tokenAddress, c.symbol, c.before, c.change])).toEqual([
        [null, 'ETH', `${native}`, `${-value}`],
        [usd, 'cUSD', `${tokens}`, `${-amount}`],
      ])
    })

    it("error: a transfer of more cUSD than the Safe holds fails with the token's error", async () => {
      const { address } = safe(name)
      const held = (await balances(address)).usd
      const result = await simulate(address, {
        to: usd,
        value: '0',
        data: transferData(recipient, held + 1n),
        operation: 0,
      })
      expect(result).toMatchObject({ success: false, balanceChanges: [] })
      expect(result.revertReason).toBe(
        `ERC20InsufficientBalance(sender: ${address}, balance: ${held}, needed: ${held + 1n})`,
      )
      expect(BigInt(result.gasUsed)).toBeGreaterThan(0n)
    })

    it("error: a Safe setting change the Safe refuses gives the Safe's reason", async () => {
      const { address } = safe(name)
      const data = encodeFunctionData({ abi: safeAbi, functionName: 'changeThreshold', args: [5n] })
      const result = await simulate(address, { to: address, value: '0', data, operation: 0 })
      // GS201: "Threshold cannot exceed owner count".
      expect(result).toMatchObject({ success: false, revertReason: 'GS201', balanceChanges: [] })
    })

    it('error: more ETH than the Safe holds fails, and says why', async () => {
      const { address } = safe(name)
      const { native } = await balances(address)
      const result = await simulate(address, {
        to: recipient,
        value: `${native + 1n}`,
        data: null,
        operation: 0,
      })
      expect(result).toMatchObject({ success: false, balanceChanges: [] })
      expect(result.revertReason).toContain('lower than the value sent')
    })
  })

  it('error: bad input is a 4xx {code, message}', async () => {
    const { address } = safe('solo')
    const good: Body = { to: recipient, value: '1', data: null, operation: 0 }
    const cases: [unknown, number, RegExp][] = [
      [{ ...good, to: '0x1234' }, 422, /address/i],
      [{ ...good, operation: 2 }, 422, /operation/i],
      [{ ...good, operation: '0' }, 422, /operation/i],
      [{ ...good, value: '-1' }, 422, /value/i],
      [{ ...good, value: '1.5' }, 422, /value/i],
      [{ ...good, value: `${2n ** 256n}` }, 422, /value/i],
      [{ ...good, data: '0x123' }, 422, /hex/i],
      [{ ...good, data: 'hello' }, 422, /hex/i],
      [{ to: recipient, data: null, operation: 0 }, 422, /value/i],
    ]
    for (const [body, status, message] of cases) {
      const res = await post(address, body)
      const answer = (await res.json()) as { code: number; message: string }
      expect([res.status, answer.code], JSON.stringify(body)).toEqual([status, status])
      expect(answer.message).toMatch(message)
    }
    const notJson = await gateway.app.request(`/v1/chains/31337/safes/${address}/simulations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"to":',
    })
    expect(notJson.status).toBe(400)
    expect(await notJson.json()).toMatchObject({ code: 400 })
  })

  it('error: an unknown Safe or chain is a 404, a bad Safe address a 422', async () => {
    const body: Body = { to: recipient, value: '1', data: null, operation: 0 }
    const notSafe = await post(recipient, body)
    expect(notSafe.status).toBe(404)
    expect(await notSafe.json()).toMatchObject({ code: 404, message: expect.stringContaining('No Safe') })
    const chain = await post(safe('solo').address, body, '5')
    expect(chain.status).toBe(404)
    expect(await chain.json()).toMatchObject({ code: 404 })
    const badAddress = await post('0xnot-an-address', body)
    expect(badAddress.status).toBe(422)
  })

  it('behavior: the chain did not change (eth_call only)', async () => {
    expect(await chainState()).toEqual(stateBefore)
  })
})
