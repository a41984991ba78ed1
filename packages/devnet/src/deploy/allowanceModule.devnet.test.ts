// The devnet's AllowanceModule against the demo's spending limit (#4: 100 cUSD a day from "Allowances (demo)"),
// every value read back from the chain: token balances and the module's own getTokenAllowance.
import { allowanceModuleAbi, DEVNET_ALLOWANCE_MODULE } from '@concord/safe/allowanceModule'
import { erc20Abi } from '@concord/safe/contracts'
import { type Address, encodeFunctionData, getAddress, type Hex, parseAbi, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testAccount } from '../accounts.ts'
import { execSafeTx } from '../safeActions.ts'
import type { DemoScenario } from '../scenario/demo.ts'
import { type Devnet, startDevnet } from '../startDevnet.ts'

let devnet: Devnet
let scenario: DemoScenario
const [owner, beneficiary, stranger, relayer] = [
  testAccount(0),
  testAccount(4),
  testAccount(5),
  testAccount(6),
]
const CUSD = 10n ** 6n

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  scenario = devnet.scenario as DemoScenario
})
afterAll(() => devnet?.stop())

const safe = () => scenario.safes.allowances.address
const token = () => scenario.spendingLimit.token
const balance = (who: Address) =>
  devnet.client.readContract({ address: token(), abi: erc20Abi, functionName: 'balanceOf', args: [who] })
const allowance = async (delegate: Address = beneficiary.address) => {
  const [amount, spent, resetTimeMin, , nonce] = await devnet.client.readContract({
    address: DEVNET_ALLOWANCE_MODULE,
    abi: allowanceModuleAbi,
    functionName: 'getTokenAllowance',
    args: [safe(), delegate, token()],
  })
  return { amount, spent, resetTimeMin, nonce }
}
/** executeAllowanceTransfer sent by `sender`, for `delegate`, with `signature` (empty: the sender signs). */
const transfer = async (p: {
  sender: Address
  delegate: Address
  to: Address
  amount: bigint
  signature?: Hex
}) => {
  const hash = await devnet.client.writeContract({
    account: p.sender,
    address: DEVNET_ALLOWANCE_MODULE,
    abi: allowanceModuleAbi,
    functionName: 'executeAllowanceTransfer',
    args: [safe(), token(), p.to, p.amount, zeroAddress, 0n, p.delegate, p.signature ?? '0x'],
    gas: 500_000n,
  })
  return (await devnet.client.waitForTransactionReceipt({ hash })).status
}
const ownerCall = (data: Hex) =>
  execSafeTx(devnet.client, {
    safe: safe(),
    tx: { to: DEVNET_ALLOWANCE_MODULE, data },
    signers: [owner],
    executor: owner.address,
  })

describe('AllowanceModule on the devnet', () => {
  it('is deployed at its CREATE2 address and enabled on the demo Safe with 100 cUSD a day for #4', async () => {
    expect(scenario.spendingLimit.module).toBe(DEVNET_ALLOWANCE_MODULE)
    const enabled = await devnet.client.readContract({
      address: safe(),
      abi: parseAbi(['function isModuleEnabled(address module) view returns (bool)']),
      functionName: 'isModuleEnabled',
      args: [DEVNET_ALLOWANCE_MODULE],
    })
    expect(enabled).toBe(true)
    expect(await allowance()).toEqual({ amount: 100n * CUSD, spent: 0n, resetTimeMin: 1440n, nonce: 1n })
    const [delegates, next] = await devnet.client.readContract({
      address: DEVNET_ALLOWANCE_MODULE,
      abi: allowanceModuleAbi,
      functionName: 'getDelegates',
      args: [safe(), 0, 10],
    })
    expect([delegates, next]).toEqual([[beneficiary.address], 0])
  })

  it('moves funds within the limit, refuses beyond it and refuses a non-delegate', async () => {
    const before = await balance(stranger.address)
    expect(
      await transfer({
        sender: beneficiary.address,
        delegate: beneficiary.address,
        to: stranger.address,
        amount: 60n * CUSD,
      }),
    ).toBe('success')
    expect(await balance(stranger.address)).toBe(before + 60n * CUSD)
    expect(await allowance()).toMatchObject({ spent: 60n * CUSD, nonce: 2n })

    // 60 + 41 > 100: refused, nothing moves.
    expect(
      await transfer({
        sender: beneficiary.address,
        delegate: beneficiary.address,
        to: stranger.address,
        amount: 41n * CUSD,
      }),
    ).toBe('reverted')
    // A stranger naming the delegate without its signature, or naming itself.
    expect(
      await transfer({
        sender: stranger.address,
        delegate: beneficiary.address,
        to: stranger.address,
        amount: 1n,
      }),
    ).toBe('reverted')
    expect(
      await transfer({
        sender: stranger.address,
        delegate: stranger.address,
        to: stranger.address,
        amount: 1n,
      }),
    ).toBe('reverted')
    expect(await balance(stranger.address)).toBe(before + 60n * CUSD)
    expect(await allowance()).toMatchObject({ spent: 60n * CUSD, nonce: 2n })
  })

  it('starts afresh after the reset period (evm_increaseTime), and accepts a relayed transfer the delegate signed', async () => {
    await devnet.client.increaseTime({ seconds: 24 * 60 * 60 })
    await devnet.client.mine({ blocks: 1 })
    expect(await allowance()).toMatchObject({ spent: 0n })

    const hash = await devnet.client.readContract({
      address: DEVNET_ALLOWANCE_MODULE,
      abi: allowanceModuleAbi,
      functionName: 'generateTransferHash',
      args: [safe(), token(), stranger.address, 100n * CUSD, zeroAddress, 0n, 2],
    })
    const signature = await beneficiary.sign({ hash })
    // Signed by someone else: refused.
    const forged = await stranger.sign({ hash })
    expect(
      await transfer({
        sender: relayer.address,
        delegate: beneficiary.address,
        to: stranger.address,
        amount: 100n * CUSD,
        signature: forged,
      }),
    ).toBe('reverted')
    const before = await balance(stranger.address)
    expect(
      await transfer({
        sender: relayer.address,
        delegate: beneficiary.address,
        to: stranger.address,
        amount: 100n * CUSD,
        signature,
      }),
    ).toBe('success')
    expect(await balance(stranger.address)).toBe(before + 100n * CUSD)
    // The same signature again: the nonce moved on.
    expect(
      await transfer({
        sender: relayer.address,
        delegate: beneficiary.address,
        to: stranger.address,
        amount: 100n * CUSD,
        signature,
      }),
    ).toBe('reverted')
  })

  it('owners reset and delete the allowance through Safe transactions', async () => {
    expect(await allowance()).toMatchObject({ spent: 100n * CUSD })
    await ownerCall(
      encodeFunctionData({
        abi: allowanceModuleAbi,
        functionName: 'resetAllowance',
        args: [beneficiary.address, token()],
      }),
    )
    expect(await allowance()).toMatchObject({ amount: 100n * CUSD, spent: 0n })
    await ownerCall(
      encodeFunctionData({
        abi: allowanceModuleAbi,
        functionName: 'deleteAllowance',
        args: [beneficiary.address, token()],
      }),
    )
    expect(await allowance()).toEqual({ amount: 0n, spent: 0n, resetTimeMin: 0n, nonce: 3n })
    expect(
      await transfer({
        sender: beneficiary.address,
        delegate: beneficiary.address,
        to: stranger.address,
        amount: 1n,
      }),
    ).toBe('reverted')
  })

  it('a one-time native allowance never resets', async () => {
    const eth = 10n ** 15n
    await ownerCall(
      encodeFunctionData({
        abi: allowanceModuleAbi,
        functionName: 'setAllowance',
        args: [beneficiary.address, zeroAddress, eth, 0, 0],
      }),
    )
    const before = await devnet.client.getBalance({ address: stranger.address })
    const hash = await devnet.client.writeContract({
      account: beneficiary.address,
      address: DEVNET_ALLOWANCE_MODULE,
      abi: allowanceModuleAbi,
      functionName: 'executeAllowanceTransfer',
      args: [safe(), zeroAddress, stranger.address, eth, zeroAddress, 0n, beneficiary.address, '0x'],
    })
    expect((await devnet.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await devnet.client.getBalance({ address: stranger.address })).toBe(before + eth)
    await devnet.client.increaseTime({ seconds: 400 * 24 * 60 * 60 })
    await devnet.client.mine({ blocks: 1 })
    const [, spent] = await devnet.client.readContract({
      address: DEVNET_ALLOWANCE_MODULE,
      abi: allowanceModuleAbi,
      functionName: 'getTokenAllowance',
      args: [safe(), beneficiary.address, zeroAddress],
    })
    expect(spent).toBe(eth)
    const tokens = await devnet.client.readContract({
      address: DEVNET_ALLOWANCE_MODULE,
      abi: allowanceModuleAbi,
      functionName: 'getTokens',
      args: [safe(), beneficiary.address],
    })
    expect(tokens).toEqual([getAddress(token()), zeroAddress])
  })
})
