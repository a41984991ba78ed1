import type { SafeInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testChain } from '../../../testing/chains'
import type { RequestContext } from '../communicator'
import { createPermissionStore } from '../permissions'
import { APP_METHODS, AppFacingError } from '../protocol'
import { createPromptQueue, type HostContext, type HostPrompt, type SafeAppHostState } from './context'
import { getOffChainSignature, getTxBySafeTxHash, readCurrency } from './gateway'
import { getChainInfo, getCurrentTheme, getEnvironmentInfo, getSafeInfo } from './info'
import { requestAddressBook, wallet_requestPermissions } from './permissions'
import { rpcCall } from './rpcCall'
import { bindHandlers, HOST_HANDLERS } from './table'
import { sendTransactions, signMessage } from './userPrompts'

const SAFE = '0x000000000000000000000000000000000000dEaD'
const OWNER = '0x0000000000000000000000000000000000000001'
const APP = 'https://app.example'
const request: RequestContext = { id: 'r1', origin: APP, sdkVersion: '9.1.0' }

const safeInfo = {
  address: { value: SAFE.toLowerCase() },
  chainId: '1',
  nonce: 7,
  threshold: 1,
  owners: [{ value: OWNER }],
  implementation: { value: '0x0000000000000000000000000000000000000002' },
  modules: null,
  fallbackHandler: { value: '0x0000000000000000000000000000000000000003' },
  guard: null,
  version: '1.4.1',
} as unknown as SafeInfo

function fakeHost(overrides: Partial<SafeAppHostState> = {}) {
  const state: SafeAppHostState = {
    chain: testChain,
    safeInfo,
    isReadOnly: true,
    addressBook: [{ address: OWNER, name: 'Alice' }],
    darkMode: true,
    ...overrides,
  }
  let prompts: HostPrompt[] = []
  const queue = createPromptQueue((change) => {
    prompts = change(prompts)
  })
  const host: HostContext = {
    state: () => state,
    hostOrigin: () => 'https://wallet.example',
    settings: { offChainSigning: true },
    permissions: createPermissionStore(undefined),
    prompt: queue.prompt,
    showPermissionPrompt: vi.fn(),
  }
  return { host, prompts: () => prompts, rejectAll: queue.rejectAll }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the handler table', () => {
  it('default: one handler per protocol method, bound to the host', async () => {
    expect(Object.keys(HOST_HANDLERS).sort()).toEqual([...APP_METHODS].sort())
    const { host } = fakeHost()
    expect(await bindHandlers(host).getCurrentTheme(undefined, request)).toEqual({ darkMode: true })
  })
})

describe('answers from memory', () => {
  it('default: getSafeInfo, getChainInfo, getEnvironmentInfo and getCurrentTheme read the latest state', () => {
    const { host } = fakeHost()
    expect(getSafeInfo(undefined, request, host)).toEqual({
      safeAddress: SAFE,
      chainId: 1,
      threshold: 1,
      owners: [OWNER],
      isReadOnly: true,
      nonce: 7,
      implementation: '0x0000000000000000000000000000000000000002',
      modules: null,
      fallbackHandler: '0x0000000000000000000000000000000000000003',
      guard: null,
      version: '1.4.1',
      network: 'MAINNET',
    })
    expect(getChainInfo(undefined, request, host)).toMatchObject({
      chainId: '1',
      chainName: 'Ethereum',
      shortName: 'eth',
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
    })
    expect(getEnvironmentInfo(undefined, request, host)).toEqual({ origin: 'https://wallet.example' })
    expect(getCurrentTheme(undefined, request, host)).toEqual({ darkMode: true })
  })
})

describe('gateway reads', () => {
  it('error: a malformed safeTxHash is refused before any request; a malformed message hash answers ""', async () => {
    const { host } = fakeHost()
    await expect(getTxBySafeTxHash({ safeTxHash: '0x12' }, request, host)).rejects.toThrow(
      new AppFacingError('Invalid safeTxHash'),
    )
    await expect(getTxBySafeTxHash(undefined, request, host)).rejects.toThrow('Invalid safeTxHash')
    expect(await getOffChainSignature('0x12', request, host)).toBe('')
    expect(await getOffChainSignature({ hash: 'x' }, request, host)).toBe('')
  })
  it('default: the balances currency is the one asked for, else usd', () => {
    expect(readCurrency({ currency: 'eur' })).toBe('eur')
    expect(readCurrency({ currency: 1 })).toBe('usd')
    expect(readCurrency(undefined)).toBe('usd')
  })
})

describe('rpcCall', () => {
  it('error: a method off the read-only allow-list is refused without reaching the node', async () => {
    const fetchFn = vi.fn()
    vi.stubGlobal('fetch', fetchFn)
    const { host } = fakeHost()
    await expect(rpcCall({ call: 'eth_sendTransaction', params: [{}] }, request, host)).rejects.toThrow(
      new AppFacingError('RPC method not allowed: eth_sendTransaction'),
    )
    await expect(rpcCall({ params: [] }, request, host)).rejects.toThrow(
      'Invalid rpcCall: expected {call, params}',
    )
    expect(fetchFn).not.toHaveBeenCalled()
  })
  it('default: an allowed call goes to the chain Safe Apps RPC and answers its raw result', async () => {
    const fetchFn = vi.fn(async () => Response.json({ jsonrpc: '2.0', id: 1, result: '0x10' }))
    vi.stubGlobal('fetch', fetchFn)
    const { host } = fakeHost()
    expect(await rpcCall({ call: 'eth_blockNumber', params: [] }, request, host)).toBe('0x10')
    expect(fetchFn).toHaveBeenCalledWith('https://rpc.test', expect.objectContaining({ method: 'POST' }))
  })
  it('default: safe_setSettings is answered by the host and decides the next signature mode', async () => {
    const { host, prompts, rejectAll } = fakeHost()
    expect(
      await rpcCall({ call: 'safe_setSettings', params: [{ offChainSigning: false }] }, request, host),
    ).toEqual({
      offChainSigning: false,
    })
    expect(host.settings).toEqual({ offChainSigning: false })
    const answer = signMessage({ message: 'hello' }, request, host) as Promise<unknown>
    expect(prompts()).toMatchObject([{ kind: 'sign', id: 'r1', mode: 'onChain', message: 'hello' }])
    rejectAll()
    await expect(answer).rejects.toThrow('Transaction was rejected')
    expect(prompts()).toEqual([])
  })
})

describe('prompts', () => {
  it('default: sendTransactions waits for the user and answers {safeTxHash}', async () => {
    const { host, prompts } = fakeHost()
    const answer = sendTransactions({ txs: [{ to: SAFE, value: '1', data: '0x' }] }, request, host)
    const [prompt] = prompts()
    if (prompt?.kind !== 'transactions') throw new Error('expected a transactions prompt')
    expect(prompt.calls).toEqual([{ to: SAFE, value: 1n, data: '0x', operation: 0 }])
    prompt.resolve('0xabc')
    expect(await answer).toEqual({ safeTxHash: '0xabc' })
    expect(prompts()).toEqual([])
  })
  it('error: a closed permission prompt refuses without remembering; requestAddressBook stays []', async () => {
    const { host } = fakeHost()
    const answer = wallet_requestPermissions([{ requestAddressBook: {} }], request, host) as Promise<unknown>
    const shown = vi.mocked(host.showPermissionPrompt).mock.calls[0]?.[0]
    expect(shown).toMatchObject({ id: 'r1', origin: APP, capabilities: ['requestAddressBook'] })
    shown?.answer(null)
    await expect(answer).rejects.toThrow('Permissions were rejected')
    expect(host.showPermissionPrompt).toHaveBeenLastCalledWith(null)
    expect(host.permissions.get(APP)).toEqual([])
    expect(requestAddressBook(undefined, request, host)).toEqual([])
  })
  it('default: once granted, requestAddressBook answers the book on the open chain', async () => {
    const { host } = fakeHost()
    const answer = wallet_requestPermissions([{ requestAddressBook: {} }], request, host) as Promise<unknown>
    vi.mocked(host.showPermissionPrompt).mock.calls[0]?.[0]?.answer(true)
    expect(await answer).toMatchObject([{ parentCapability: 'requestAddressBook', invoker: APP }])
    expect(requestAddressBook(undefined, request, host)).toEqual([
      { address: OWNER, name: 'Alice', chainId: '1' },
    ])
  })
})
