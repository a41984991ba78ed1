import { erc20Abi, erc721Abi, type SafeContractName, safeAbi, safeV141 } from '@concord/safe/contracts'
import { createPublicClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testAccount } from './accounts.ts'
import { CodeHashMismatchError, verifyCodeHash } from './deploy/safeContracts.ts'
import { type Devnet, startDevnet } from './startDevnet.ts'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
})
afterAll(() => devnet?.stop())

describe('startDevnet', () => {
  it('serves JSON-RPC over HTTP on the chosen port', async () => {
    const rpc = createPublicClient({ transport: http(devnet.rpcUrl) })
    expect(devnet.port).toBeGreaterThan(0)
    expect(await rpc.getChainId()).toBe(31337)
  })

  it.each(Object.keys(safeV141) as SafeContractName[])('holds the canonical %s', async (name) => {
    await expect(verifyCodeHash(devnet.client, name)).resolves.toBeUndefined()
  })

  it('error: a canonical address holding other code fails the check loudly', async () => {
    const id = await devnet.client.snapshot()
    await devnet.client.setCode({ address: safeV141.multiSend, bytecode: '0x6000' })
    await expect(verifyCodeHash(devnet.client, 'multiSend')).rejects.toThrow(CodeHashMismatchError)
    await devnet.client.revert({ id })
  })

  it('seeds the 2-of-3 treasury with its executed history', async () => {
    const { treasury } = devnet.scenario!.safes
    const read = <F extends 'getOwners' | 'getThreshold' | 'nonce' | 'VERSION'>(functionName: F) =>
      devnet.client.readContract({ address: treasury.address, abi: safeAbi, functionName } as never)
    expect(await read('getOwners')).toEqual([
      testAccount(2).address,
      testAccount(0).address,
      testAccount(1).address,
    ])
    expect(await read('getThreshold')).toBe(2n)
    expect(await read('nonce')).toBe(3n)
    expect(await read('VERSION')).toBe('1.4.1')
    // 10 ETH funded + 0.5 from solo - 1 sent
    expect(await devnet.client.getBalance({ address: treasury.address })).toBe(parseEther('9.5'))
  })

  it('funds the Safes with both tokens and the collectibles', async () => {
    const { assets, scenario } = devnet
    const balance = (token: `0x${string}`, owner: `0x${string}`) =>
      devnet.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    expect(await balance(assets!.usd, scenario!.safes.treasury.address)).toBe(24_900n * 10n ** 6n)
    expect(await balance(assets!.usd, scenario!.recipient)).toBe(100n * 10n ** 6n)
    expect(await balance(assets!.gov, scenario!.safes.solo.address)).toBe(500n * 10n ** 18n)
    expect(
      await devnet.client.readContract({ address: assets!.usd, abi: erc20Abi, functionName: 'decimals' }),
    ).toBe(6)
    for (const id of scenario!.collectibles.solo)
      expect(
        await devnet.client.readContract({
          address: assets!.collectible,
          abi: erc721Abi,
          functionName: 'ownerOf',
          args: [id],
        }),
      ).toBe(scenario!.safes.solo.address)
  })

  it('serves collectible metadata as data: URIs (no network)', async () => {
    const uri = await devnet.client.readContract({
      address: devnet.assets!.collectible,
      abi: erc721Abi,
      functionName: 'tokenURI',
      args: [4n],
    })
    expect(uri.startsWith('data:application/json;base64,')).toBe(true)
    const meta = JSON.parse(Buffer.from(uri.split(',')[1]!, 'base64').toString('utf8'))
    expect(meta.name).toBe('Concord Shape #4')
    expect(meta.image).toMatch(/^data:image\/svg\+xml;base64,/)
  })

  it('seeds the 1-of-1 solo Safe', async () => {
    const { solo } = devnet.scenario!.safes
    const owners = await devnet.client.readContract({
      address: solo.address,
      abi: safeAbi,
      functionName: 'getOwners',
    })
    expect(owners).toEqual([testAccount(0).address])
    expect(await devnet.client.getBalance({ address: solo.address })).toBe(parseEther('1.5'))
  })
})
