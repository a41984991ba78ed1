import { safeAbi } from '@concord/safe/contracts'
import { MULTICALL3, passkeyContracts, zodiacContracts } from '@concord/safe/modules'
import {
  encodeAbiParameters,
  encodeFunctionData,
  keccak256,
  parseAbi,
  parseEventLogs,
  zeroAddress,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testAccount } from '../accounts.ts'
import type { DevnetEngine } from '../client.ts'
import { type Devnet, startDevnet } from '../startDevnet.ts'
import { devnetModuleContracts } from './moduleContracts.ts'

/** keccak256 of the code at 0xcA11bde05977b3631167028862bE2a173976CA11 on Ethereum, Base, Arbitrum…: 3,808 bytes. */
const MAINNET_MULTICALL3_CODE_HASH = '0xd5c15df687b16f2ff992fc8d767b4216323184a2bbc6ee2f9c398c318e770891'

const moduleProxyFactoryAbi = parseAbi([
  'function deployModule(address masterCopy, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'event ModuleProxyCreation(address indexed proxy, address indexed masterCopy)',
])
const delayAbi = parseAbi([
  'function setUp(bytes initParams)',
  'function avatar() view returns (address)',
  'function txCooldown() view returns (uint256)',
])
const signerFactoryAbi = parseAbi([
  'function getSigner(uint256 x, uint256 y, uint176 verifiers) view returns (address)',
  'function createSigner(uint256 x, uint256 y, uint176 verifiers) returns (address)',
])

// Each contract is proved at install by its CREATE2 address; these check that what is there works as that
// contract, on the anvil devnet and on the Hardhat fallback alike.
describe.each<DevnetEngine>(['anvil', 'hardhat'])('module contracts on %s', (engine) => {
  let devnet: Devnet
  const owner = testAccount(1).address
  beforeAll(async () => {
    devnet = await startDevnet({ port: 0, engine, demo: false })
  })
  afterAll(() => devnet?.stop())

  it('every module contract has code', async () => {
    for (const address of Object.values(devnetModuleContracts))
      expect(await devnet.client.getCode({ address }), address).toMatch(/^0x[0-9a-f]{100,}$/)
  })

  it('Multicall3 is the canonical one: its code hash is the one on every chain', async () => {
    const code = await devnet.client.getCode({ address: MULTICALL3 })
    expect(code && keccak256(code)).toBe(MAINNET_MULTICALL3_CODE_HASH)
    expect(code?.length).toBe(2 + 3808 * 2)
  })

  it('Multicall3 answers several reads in one call', async () => {
    const [block, balance] = await devnet.client.multicall({
      multicallAddress: MULTICALL3,
      allowFailure: false,
      contracts: [
        {
          address: MULTICALL3,
          abi: parseAbi(['function getBlockNumber() view returns (uint256)']),
          functionName: 'getBlockNumber',
        },
        {
          address: MULTICALL3,
          abi: parseAbi(['function getEthBalance(address) view returns (uint256)']),
          functionName: 'getEthBalance',
          args: [owner],
        },
      ],
    })
    expect(block).toBe(await devnet.client.getBlockNumber())
    expect(balance).toBe(await devnet.client.getBalance({ address: owner }))
  })

  it('the ModuleProxyFactory deploys a Delay modifier that is set up for its avatar', async () => {
    const initParams = encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'address' },
        { type: 'address' },
        { type: 'uint256' },
        { type: 'uint256' },
      ],
      [owner, owner, owner, 3600n, 0n],
    )
    const initializer = encodeFunctionCall(initParams)
    const hash = await devnet.client.writeContract({
      account: owner,
      address: zodiacContracts.moduleProxyFactory,
      abi: moduleProxyFactoryAbi,
      functionName: 'deployModule',
      args: [zodiacContracts.delayMastercopy, initializer, 1n],
      chain: devnet.client.chain,
    })
    const receipt = await devnet.client.waitForTransactionReceipt({ hash })
    const [created] = parseEventLogs({ abi: moduleProxyFactoryAbi, logs: receipt.logs })
    const delay = created?.args.proxy
    if (!delay) throw new Error('no ModuleProxyCreation')
    expect(created.args.masterCopy).toBe(zodiacContracts.delayMastercopy)
    const read = (functionName: 'avatar' | 'txCooldown') =>
      devnet.client.readContract({ address: delay, abi: delayAbi, functionName })
    expect(await read('avatar')).toBe(owner)
    expect(await read('txCooldown')).toBe(3600n)
  })

  it('the passkey signer factory creates a signer at the address it predicts', async () => {
    const args = [1n, 2n, BigInt(passkeyContracts.fclP256Verifier)] as const
    const predicted = await devnet.client.readContract({
      address: passkeyContracts.webAuthnSignerFactory,
      abi: signerFactoryAbi,
      functionName: 'getSigner',
      args,
    })
    expect(await devnet.client.getCode({ address: predicted })).toBeUndefined()
    const hash = await devnet.client.writeContract({
      account: owner,
      address: passkeyContracts.webAuthnSignerFactory,
      abi: signerFactoryAbi,
      functionName: 'createSigner',
      args,
      chain: devnet.client.chain,
    })
    await devnet.client.waitForTransactionReceipt({ hash })
    expect(await devnet.client.getCode({ address: predicted })).toBeTruthy()
    // not a Safe: a plain signer contract answers no Safe function
    await expect(
      devnet.client.readContract({ address: predicted, abi: safeAbi, functionName: 'getThreshold' }),
    ).rejects.toThrow()
    expect(predicted).not.toBe(zeroAddress)
  })
})

function encodeFunctionCall(initParams: `0x${string}`) {
  return encodeFunctionData({ abi: delayAbi, functionName: 'setUp', args: [initParams] })
}
