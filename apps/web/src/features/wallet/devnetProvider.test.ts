import type { Address } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { createDevnetProvider, ProviderRpcError } from './devnetProvider'

const ACCOUNT_1: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ACCOUNT_2: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

function setup(reply: unknown = { result: '0x1' }, account: Address | null = ACCOUNT_1) {
  const fetchFn = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(reply)),
  )
  const provider = createDevnetProvider({
    rpcUrl: 'http://node',
    chainId: 31337,
    getAccount: () => account ?? undefined,
    fetchFn,
  })
  const sent = () => JSON.parse(String(fetchFn.mock.calls.at(-1)?.[1]?.body))
  return { provider, fetchFn, sent }
}

describe('createDevnetProvider', () => {
  it('default: answers account and chain locally', async () => {
    const { provider, fetchFn } = setup()
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([ACCOUNT_1])
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x7a69')
    expect(fetchFn).not.toHaveBeenCalled()
  })

  it('behavior: forwards other methods to the node', async () => {
    const { provider, sent } = setup({ jsonrpc: '2.0', id: 1, result: '0x10' })
    await expect(provider.request({ method: 'eth_blockNumber' })).resolves.toBe('0x10')
    expect(sent()).toMatchObject({ method: 'eth_blockNumber', params: [] })
  })

  it('behavior: eth_sendTransaction fills in from', async () => {
    const { provider, sent } = setup()
    await provider.request({ method: 'eth_sendTransaction', params: [{ to: ACCOUNT_2, value: '0x1' }] })
    expect(sent().params[0]).toEqual({ to: ACCOUNT_2, value: '0x1', from: ACCOUNT_1 })
  })

  it('behavior: lets the node sign for the connected account', async () => {
    const { provider, sent } = setup()
    await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', ACCOUNT_1.toLowerCase()] })
    expect(sent().method).toBe('personal_sign')
  })

  it('error: signing for another account', async () => {
    const { provider, fetchFn } = setup()
    await expect(
      provider.request({ method: 'eth_signTypedData_v4', params: [ACCOUNT_2, '{}'] }),
    ).rejects.toMatchObject({
      code: 4100,
    })
    expect(fetchFn).not.toHaveBeenCalled()
  })

  it('error: disconnected', async () => {
    const { provider } = setup({ result: '0x1' }, null)
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([])
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toBeInstanceOf(ProviderRpcError)
  })

  it('error: node error is passed through', async () => {
    const { provider } = setup({ error: { code: -32000, message: 'nonce too low' } })
    await expect(provider.request({ method: 'eth_call', params: [] })).rejects.toMatchObject({
      code: -32000,
      message: 'nonce too low',
    })
  })

  it('error: switching to another chain', async () => {
    const { provider } = setup()
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] }),
    ).resolves.toBe(null)
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4200 })
  })
})
