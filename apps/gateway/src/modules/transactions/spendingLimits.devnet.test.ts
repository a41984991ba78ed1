// Spending limits through the gateway, against the devnet's AllowanceModule and the demo's limit (#4: 100 cUSD a
// day from "Allowances (demo)"): the chain advertises SPENDING_LIMIT and its module; a transfer #4 makes within the
// limit is a MODULE execution in the Safe's history naming #4 as beneficiary, one beyond it reverts and adds
// nothing. The oracle is the chain: the sender of the transaction and the recipient's balance.
import { type Devnet, startDevnet, testAccount } from '@concord/devnet'
import { allowanceModuleAbi, DEVNET_ALLOWANCE_MODULE } from '@concord/safe/allowanceModule'
import { erc20Abi } from '@concord/safe/contracts'
import { allowanceModuleDeployments } from '@concord/safe/modules'
import { type Address, getAddress, type Hash, type Hex, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'
import { sessionRequest } from '../../testing/signIn.ts'

const CHAIN = 31337
const CUSD = 10n ** 6n
let devnet: Devnet
let gateway: Gateway
const beneficiary = testAccount(4).address
const recipient = testAccount(5).address

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  gateway = await createGateway(createDevnetTestConfig(devnet))
})
afterAll(async () => {
  await gateway?.stop()
  await devnet?.stop()
})

const safe = () => devnet.scenario?.safes.allowances.address as Address
const token = () => devnet.scenario?.spendingLimit.token as Address
const get = async (path: string) => {
  const answer = await sessionRequest(gateway, 'GET', path)
  expect(answer.status).toBe(200)
  return answer.body
}
const transfer = async (amount: bigint): Promise<{ hash: Hash; status: string }> => {
  const hash = await devnet.client.writeContract({
    account: beneficiary,
    address: DEVNET_ALLOWANCE_MODULE,
    abi: allowanceModuleAbi,
    functionName: 'executeAllowanceTransfer',
    args: [safe(), token(), recipient, amount, zeroAddress, 0n, beneficiary, '0x'],
    gas: 500_000n,
  })
  return { hash, status: (await devnet.client.waitForTransactionReceipt({ hash })).status }
}
type Item = {
  type: string
  transaction?: { txHash: string; executionInfo: Record<string, any>; txInfo: any }
}
const moduleItems = async () =>
  ((await get(`/v1/chains/${CHAIN}/safes/${safe()}/transactions/history`)).results as Item[]).filter(
    (i) => i.type === 'TRANSACTION' && i.transaction?.executionInfo?.type === 'MODULE',
  )

describe('spending limits through the gateway', () => {
  it('the devnet chain advertises SPENDING_LIMIT and its own module', async () => {
    const chain = await get(`/v1/chains/${CHAIN}`)
    expect(chain.features).toContain('SPENDING_LIMIT')
    expect(chain.contractAddresses.allowanceModuleAddress).toBe(DEVNET_ALLOWANCE_MODULE)
  })

  it('a chain with only the v0.1.0 deployment (Ethereum) advertises that one, not v0.1.1', async () => {
    // The module's code at v0.1.0's canonical address, on a chain config that names no module of its own.
    const code = await devnet.client.getCode({ address: DEVNET_ALLOWANCE_MODULE })
    await devnet.client.setCode({ address: allowanceModuleDeployments['0.1.0'], bytecode: code as Hex })
    const config = createDevnetTestConfig(devnet)
    const [chain] = config.chains
    if (chain) chain.contracts = { ...chain.contracts, allowanceModule: undefined }
    const plain = await createGateway(config)
    try {
      const answer = await sessionRequest(plain, 'GET', `/v1/chains/${CHAIN}`)
      expect(answer.body.features).toContain('SPENDING_LIMIT')
      expect(answer.body.contractAddresses.allowanceModuleAddress).toBe(allowanceModuleDeployments['0.1.0'])
    } finally {
      await plain.stop()
      await devnet.client.setCode({ address: allowanceModuleDeployments['0.1.0'], bytecode: '0x' })
    }
  })

  it('a transfer within the limit is a MODULE execution naming the beneficiary; one beyond adds nothing', async () => {
    const before = await devnet.client.readContract({
      address: token(),
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [recipient],
    })
    const within = await transfer(25n * CUSD)
    expect(within.status).toBe('success')
    expect(await transfer(80n * CUSD)).toMatchObject({ status: 'reverted' })
    await gateway.indexers.get(CHAIN)?.sync()

    // Oracles: the chain says who sent it and what arrived.
    expect((await devnet.client.getTransaction({ hash: within.hash })).from.toLowerCase()).toBe(
      beneficiary.toLowerCase(),
    )
    expect(
      await devnet.client.readContract({
        address: token(),
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipient],
      }),
    ).toBe(before + 25n * CUSD)

    const items = await moduleItems()
    expect(items).toHaveLength(1)
    const tx = items[0]?.transaction
    expect(tx?.txHash).toBe(within.hash)
    expect(tx?.executionInfo.address.value).toBe(DEVNET_ALLOWANCE_MODULE)
    expect(tx?.executionInfo.address.name).toMatch(/AllowanceModule/)
    expect(tx?.executionInfo.spendingLimit).toEqual({
      beneficiary: expect.objectContaining({ value: beneficiary }),
      token: expect.objectContaining({ value: getAddress(token()) }),
      to: expect.objectContaining({ value: recipient }),
      amount: String(25n * CUSD),
    })
    // The module's call is the token transfer itself (CGW Transfer, outgoing ERC20 to the recipient).
    expect(tx?.txInfo).toMatchObject({
      type: 'Transfer',
      direction: 'OUTGOING',
      recipient: { value: recipient },
      transferInfo: { type: 'ERC20', value: String(25n * CUSD) },
    })
  })

  it("the demo's setup transaction decodes the module's calls (addDelegate, setAllowance)", async () => {
    const setup = devnet.scenario?.safes.allowances.executions[0]
    const details = await get(`/v1/chains/${CHAIN}/transactions/multisig_${safe()}_${setup?.safeTxHash}`)
    const actions = details.txData.dataDecoded.parameters[0].valueDecoded as {
      dataDecoded: { method: string }
    }[]
    expect(actions.map((a) => a.dataDecoded?.method)).toEqual(['enableModule', 'addDelegate', 'setAllowance'])
  })
})
